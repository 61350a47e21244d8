import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { ConfigError, formatKeyPath } from './config-error.js';
import { interpolateDocument } from './interpolate.js';
import { explain } from './issues.js';
import { knownKeysAt } from './known-keys.js';
import { configSchema, type ConfigParsed } from './schema.js';
import type { AssayConfig, ServerConfig } from './types.js';
import { locate, pathAt, position } from './yaml-locate.js';

/**
 * Parses `mcp-assay.config.yaml` text. Throws ConfigError at the first problem in file order,
 * located at the offending node. `file` names the file in messages; relative paths resolve against its folder.
 */
export function parseConfig(text: string, file: string, env: NodeJS.ProcessEnv = process.env): AssayConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number, key: PropertyKey[], reason: string, hint?: string): ConfigError => {
    const k = formatKeyPath(key);
    return new ConfigError({ file, ...position(lineCounter, offset), ...(k ? { key: k } : {}), reason, ...(hint ? { hint } : {}) });
  };

  const syntax = doc.errors[0];
  if (syntax) {
    const offset = syntax.pos[0];
    throw at(offset, pathAt(doc, offset), `YAML syntax error: ${firstLine(syntax.message)}`, SYNTAX_HINT[syntax.code] ?? 'check indentation, quotes and `key: value` pairs');
  }

  const problem = interpolateDocument(doc, text, env);
  if (problem) throw at(problem.offset, problem.path, problem.reason, problem.hint);

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (err) {
    // An alias bomb (billion laughs) or a bad alias ends here rather than exhausting memory.
    throw at(0, [], `YAML error: ${(err as Error).message}`, 'use fewer anchors and aliases');
  }
  const parsed = configSchema.safeParse(data);
  if (!parsed.success) {
    const located = parsed.error.issues.map((issue) => {
      const e = explain(issue, data, (p) => knownKeysAt(configSchema, p));
      return { e, offset: locate(doc, e.path, e.at).offset };
    });
    // Report the problem nearest the top of the file: people fix configs top-down.
    located.sort((a, b) => a.offset - b.offset);
    const first = located[0];
    if (first) throw at(first.offset, first.e.path, first.e.reason, first.e.hint);
  }
  if (!parsed.success) throw new ConfigError({ file, reason: 'invalid config' });
  return resolveConfig(parsed.data, file);
}

const SYNTAX_HINT: Partial<Record<string, string>> = {
  DUPLICATE_KEY: 'each key may appear once in a mapping',
  TAB_AS_INDENT: 'YAML indents with spaces, not tabs',
  MULTIPLE_DOCS: 'the config is a single YAML document: remove the extra `---`',
};

function firstLine(s: string): string {
  return s.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? s;
}

/** Resolves paths against the config file's folder and fills per-server defaults. */
export function resolveConfig(raw: ConfigParsed, file: string | undefined, dir = file ? path.dirname(path.resolve(file)) : process.cwd()): AssayConfig {
  const abs = (p: string | undefined): string | undefined => (p === undefined ? undefined : path.resolve(dir, p));
  const servers: Record<string, ServerConfig> = {};
  for (const [name, s] of Object.entries(raw.servers)) {
    const common = { name, ...(s.timeout !== undefined ? { timeout: s.timeout } : {}), allowTools: s.allowTools ?? [], toolArgs: s.toolArgs ?? {} };
    if (s.url !== undefined) servers[name] = { kind: 'http', ...common, url: s.url, headers: s.headers ?? {} };
    else {
      const cwd = abs(s.cwd);
      servers[name] = { kind: 'stdio', ...common, command: s.command ?? '', args: s.args ?? [], env: s.env ?? {}, secretEnv: s.secretEnv ?? [], ...(cwd ? { cwd } : {}) };
    }
  }
  const reports: AssayConfig['reports'] = {};
  for (const k of ['dir', 'json', 'junit', 'md'] as const) {
    const p = abs(raw.reports[k]);
    if (p) reports[k] = p;
  }
  return {
    ...(file !== undefined ? { file } : {}),
    dir,
    servers,
    check: raw.check,
    reports,
    contracts: { levels: raw.contracts.rules, waivers: raw.contracts.waivers.map((w) => ({ rule: w.rule, reason: w.reason, ...(w.tool ? { tool: w.tool } : {}) })) },
    ...(raw.eval ? { eval: { ...raw.eval, ...(raw.eval.golden ? { golden: abs(raw.eval.golden) } : {}), ...(raw.eval.cacheDir ? { cacheDir: abs(raw.eval.cacheDir) } : {}) } } : {}),
  };
}
