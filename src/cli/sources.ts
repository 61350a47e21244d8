import { readFileSync } from 'node:fs';
import type { TargetSpec } from '../index.js';
import { SourceError, targetsFromClientConfig, targetsFromServerJson } from '../offline.js';
import { UsageError } from './usage-error.js';

/** Expands `${VAR}` in every string of a JSON document; an unset variable is an error naming it. */
function expand(v: unknown, file: string, env: NodeJS.ProcessEnv): unknown {
  if (typeof v === 'string')
    return v.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const value = env[name];
      if (value === undefined) throw new UsageError(`${file}: \${${name}} is not set in the environment`);
      return value;
    });
  if (Array.isArray(v)) return v.map((x) => expand(x, file, env));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expand(x, file, env)]));
  return v;
}

/**
 * `--from FILE[#name]`: a server from a file the user already has — an MCP client config (`mcpServers`, VS Code
 * `servers`) or a registry `server.json` (remotes and packages). Without `#name` the file must hold exactly one.
 */
export function targetFromFile(ref: string, env: NodeJS.ProcessEnv = process.env): TargetSpec {
  const hash = ref.lastIndexOf('#');
  const file = hash > 0 ? ref.slice(0, hash) : ref;
  const name = hash > 0 ? ref.slice(hash + 1) : undefined;
  const targets = targetsInFile(file);
  const names = Object.keys(targets);
  const key = name ?? (names.length === 1 ? names[0] : undefined);
  if (!key) throw new UsageError(`--from ${file}: holds ${names.length} servers (${names.join(', ')}); pick one with ${file}#<name>`);
  const spec = targets[key];
  if (!spec) throw new UsageError(`--from ${file}: no server named ${JSON.stringify(key)}; it has ${names.join(', ')}`);
  return expand(spec, file, env) as TargetSpec;
}

/** Every server a client config or server.json names, by name (variables not yet expanded). */
export function targetsInFile(file: string): Record<string, TargetSpec> {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`--from ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  try {
    const o = doc as Record<string, unknown>;
    const isServerJson = !!o && typeof o === 'object' && ('packages' in o || 'remotes' in o || ('server' in o && typeof o.server === 'object'));
    return isServerJson ? targetsFromServerJson(doc, file) : targetsFromClientConfig(doc, file);
  } catch (e) {
    if (e instanceof SourceError) throw new UsageError(e.message);
    throw e;
  }
}
