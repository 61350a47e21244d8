import path from 'node:path';
import { resolveConfig } from './parse.js';
import { CHECK_DEFAULTS, type AssayConfig, type ConfigFlags } from './types.js';

/** The config used when there is no file: defaults only, paths relative to `cwd`. */
export function defaultConfig(cwd: string = process.cwd()): AssayConfig {
  return resolveConfig(
    { servers: {}, check: { ...CHECK_DEFAULTS, require: [], only: [], skip: [], allowTools: [], toolArgs: {} }, reports: {}, contracts: { rules: {}, waivers: [] }, examples: {} },
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
