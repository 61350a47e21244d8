import path from 'node:path';
import { resolveConfig } from './resolve.js';
import { attributeOf, optionsOf, type CommandName } from './options.js';
import { CHECK_DEFAULTS, type AssayConfig, type CheckOptions, type ConfigFlags, type EvalConfig } from './types.js';

/** The config used when there is no file: defaults only, paths relative to `cwd`. */
export function defaultConfig(cwd: string = process.cwd()): AssayConfig {
  return resolveConfig(
    {
      servers: {},
      check: { ...CHECK_DEFAULTS, require: [], only: [], skip: [], allowTools: [], toolArgs: {} },
      reports: {},
      contracts: { rules: {}, waivers: [] },
      examples: {},
    },
    undefined,
    path.resolve(cwd),
  );
}

/** Flags override the file; an undefined flag leaves the file's value. Report paths from flags resolve against `cwd`. */
export function applyFlags(cfg: AssayConfig, flags: ConfigFlags, cwd: string = process.cwd()): AssayConfig {
  const check = { ...cfg.check };
  for (const k of Object.keys(check) as (keyof typeof check)[]) {
    const v = flags[k];
    if (v !== undefined) (check as Record<string, unknown>)[k] = v;
  }
  const reports = { ...cfg.reports };
  for (const [k, v] of Object.entries(flags.reports ?? {}) as [keyof typeof reports, string | undefined][])
    if (v !== undefined) reports[k] = path.resolve(cwd, v);
  return { ...cfg, check, reports };
}

/**
 * The one precedence rule, for every option with a config key that `command` reads: a flag given on the command line
 * beats the config file, which beats the option's default. Returns the config with the given flags written into it
 * (paths from flags resolved against `cwd`) and the options with every config-backed value filled in.
 */
export function resolveOptions<O extends Record<string, unknown>>(
  cfg: AssayConfig,
  command: CommandName,
  options: O,
  given: ReadonlySet<string>,
  cwd: string = process.cwd(),
): { cfg: AssayConfig; options: O } {
  const blocks: Record<'check' | 'reports' | 'eval', Record<string, unknown>> = { check: { ...cfg.check }, reports: { ...cfg.reports }, eval: { ...cfg.eval } };
  const out: Record<string, unknown> = { ...options };
  for (const [, d] of optionsOf(command)) {
    if (!d.config || !(d.configIn ?? d.commands).includes(command)) continue;
    const [block, key] = d.config.split('.') as ['check' | 'reports' | 'eval', string];
    const attr = attributeOf(d);
    if (given.has(attr)) blocks[block][key] = d.kind === 'path' ? path.resolve(cwd, String(options[attr])) : options[attr];
    else out[attr] = blocks[block][key] ?? d.default ?? options[attr];
  }
  const evalBlock = cfg.eval || Object.keys(blocks.eval).length ? { eval: blocks.eval as EvalConfig } : {};
  return { cfg: { ...cfg, check: blocks.check as unknown as CheckOptions, reports: blocks.reports, ...evalBlock }, options: out as O };
}
