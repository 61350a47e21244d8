import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

/** Operands before `--` (names, a URL, a list kind) and the stdio command after it. */
export interface SplitOperands {
  before: string[];
  command: string[];
}

/** Commander drops `--`; the root's raw argv still has it, which tells a tool name from the server's command. */
export function splitOperands(operands: string[], raw: readonly string[]): SplitOperands {
  const dash = raw.indexOf('--');
  if (dash < 0) return { before: operands, command: [] };
  const after = Math.min(operands.length, raw.length - dash - 1);
  return { before: operands.slice(0, operands.length - after), command: operands.slice(operands.length - after) };
}

export const isUrl = (s: string | undefined): boolean => !!s && /^https?:\/\//i.test(s);

/** `--args` takes a JSON object, or `@file.json`. */
export function jsonObjectArg(v: string, flag = '--args'): Record<string, unknown> {
  let text = v;
  if (v.startsWith('@')) {
    try {
      text = readFileSync(v.slice(1), 'utf8');
    } catch (e) {
      throw new UsageError(`${flag} ${v}: cannot read ${v.slice(1)}: ${(e as Error).message}`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${flag} is not JSON: ${(e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError(`${flag} must be a JSON object, e.g. '{"id": "T-1001"}'`);
  return parsed as Record<string, unknown>;
}

/** Prompt arguments are strings (prompts/get); other JSON values are refused rather than silently converted. */
export function promptArgs(args: Record<string, unknown>): Record<string, string> {
  const bad = Object.entries(args).filter(([, v]) => typeof v !== 'string');
  if (bad.length) throw new UsageError(`prompt arguments are strings; not a string: ${bad.map(([k]) => k).join(', ')}`);
  return args as Record<string, string>;
}

/**
 * `<target> NAME` or `NAME -- command…` (or `NAME` with --server/--from): the name and the operands naming the target.
 * `names` is how many leading names the command takes besides the target (1 for call/read/prompt).
 */
export function nameAndTarget(split: SplitOperands, what: string): { name: string; target: string[] } {
  const { before, command } = split;
  const url = before.findIndex(isUrl);
  if (url >= 0) {
    if (before.length !== 2 || command.length) throw new UsageError(`expected: <url> ${what}`);
    return { name: before[1 - url]!, target: [before[url]!] };
  }
  if (before.length !== 1) throw new UsageError(`expected ${what} once, before -- and the server's command (got ${before.length ? before.join(' ') : 'none'})`);
  return { name: before[0]!, target: command };
}
