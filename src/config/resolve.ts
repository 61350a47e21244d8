// Apart from parse.ts so that a run without a config file (defaultConfig) loads neither the YAML parser nor zod.
import path from 'node:path';
import type { ConfigParsed } from './schema.js';
import type { AssayConfig, ServerConfig } from './types.js';

/** Resolves paths against the config file's folder and fills per-server defaults. */
export function resolveConfig(raw: ConfigParsed, file: string | undefined, dir = file ? path.dirname(path.resolve(file)) : process.cwd()): AssayConfig {
  const abs = (p: string | undefined): string | undefined => (p === undefined ? undefined : path.resolve(dir, p));
  const servers: Record<string, ServerConfig> = {};
  for (const [name, s] of Object.entries(raw.servers)) {
    const common = { name, ...(s.timeout !== undefined ? { timeout: s.timeout } : {}), allowTools: s.allowTools ?? [], toolArgs: s.toolArgs ?? {} };
    if (s.url !== undefined) servers[name] = { kind: 'http', ...common, url: s.url, headers: s.headers ?? {} };
    else {
      const cwd = abs(s.cwd);
      servers[name] = {
        kind: 'stdio',
        ...common,
        command: s.command ?? '',
        args: s.args ?? [],
        env: s.env ?? {},
        secretEnv: s.secretEnv ?? [],
        ...(cwd ? { cwd } : {}),
      };
    }
  }
  const reports: AssayConfig['reports'] = {};
  for (const [k, v] of Object.entries(raw.reports) as [keyof AssayConfig['reports'], string | undefined][]) {
    const p = abs(v);
    if (p) reports[k] = p;
  }
  return {
    ...(file !== undefined ? { file } : {}),
    dir,
    servers,
    check: raw.check,
    reports,
    contracts: {
      levels: raw.contracts.rules,
      waivers: raw.contracts.waivers.map((w) => ({ rule: w.rule, reason: w.reason, ...(w.tool ? { tool: w.tool } : {}) })),
      ...(raw.contracts.fields
        ? { fields: Object.fromEntries(Object.entries(raw.contracts.fields).filter((e): e is [string, string[]] => e[1] !== undefined)) }
        : {}),
    },
    examples: Object.fromEntries(
      Object.entries(raw.examples ?? {}).map(([tool, list]) => [
        tool,
        list.map((e) => ({
          arguments: e.arguments,
          ...(e.expect !== undefined ? { expect: e.expect } : {}),
          ...(e.response !== undefined ? { response: path.resolve(dir, e.response) } : {}),
        })),
      ]),
    ),
    ...(raw.eval
      ? {
          eval: {
            ...raw.eval,
            ...(raw.eval.golden ? { golden: abs(raw.eval.golden) } : {}),
            ...(raw.eval.cacheDir ? { cacheDir: abs(raw.eval.cacheDir) } : {}),
          },
        }
      : {}),
  };
}
