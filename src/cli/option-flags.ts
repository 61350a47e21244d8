import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { optionsOf, type CommandName, type OptionDecl } from '../options.js';

const collect = (v: string, prev: string[]) => [...prev, v];

function whole(unit: string, range?: readonly [number, number]): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive whole number${unit}`);
    if (range && (n < range[0] || n > range[1])) throw new InvalidArgumentError(`expected a whole number from ${range[0]} to ${range[1]}`);
    return n;
  };
}

function fraction(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('expected a number from 0 to 1, e.g. 0.02');
  return n;
}

/** `--tool-args` takes JSON (`{"tool": {"arg": 1}}`) or `@file.json`. */
export function toolArgs(v: string): Record<string, Record<string, unknown>> {
  let text = v;
  if (v.startsWith('@')) {
    try {
      text = readFileSync(v.slice(1), 'utf8');
    } catch (e) {
      throw new InvalidArgumentError(`cannot read ${v.slice(1)}: ${(e as Error).message}`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new InvalidArgumentError(`not JSON: ${(e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((a) => !a || typeof a !== 'object' || Array.isArray(a)))
    throw new InvalidArgumentError('expected an object of tool name -> arguments object, e.g. {"get_ticket": {"id": "T-1"}}');
  return parsed as Record<string, Record<string, unknown>>;
}

/** The commander option of one declaration, as `command` shows and parses it. */
export function commanderOption(d: OptionDecl, command: CommandName): Option {
  const o = new Option(d.flags, d.helpFor?.[command] ?? d.help);
  if (d.kind === 'strings') o.argParser(collect).default([]);
  else if (d.kind === 'ms') o.argParser(whole(' of milliseconds', d.range));
  else if (d.kind === 'count') o.argParser(whole('', d.range));
  else if (d.kind === 'fraction') o.argParser(fraction);
  else if (d.kind === 'tool-args') o.argParser(toolArgs);
  const pattern = d.pattern;
  if (pattern)
    o.argParser((v: string) => {
      if (!new RegExp(pattern.regex).test(v)) throw new InvalidArgumentError(pattern.message);
      return v;
    });
  // A default shown by commander is one no config key can change; config-backed defaults apply in the plan.
  if (d.default !== undefined && !d.config && d.kind !== 'negatable') o.default(d.default);
  if (d.required?.includes(command)) o.makeOptionMandatory();
  return o;
}

/** Adds every option the table gives `command`, in table order. */
export function addOptions(c: Command, command: CommandName): Command {
  for (const [, d] of optionsOf(command)) c.addOption(commanderOption(d, command));
  return c;
}
