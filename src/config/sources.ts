/**
 * Targets from files a user already has: an MCP client config (`mcpServers`, VS Code `servers`) or a registry
 * `server.json` (remotes and packages). Pure parsing; the caller reads the file and expands `${…}` variables.
 */
import { isSecretName } from '../core/mask.js';
import type { HttpTargetSpec, StdioTargetSpec, TargetSpec } from '../core/target-spec.js';
import { textOf } from '../core/text-of.js';

export class SourceError extends Error {
  override name = 'SourceError';
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Assign without invoking setters, so a server named `__proto__` stays an ordinary key. */
function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function strings(v: unknown, where: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new SourceError(`${where} must be an array of strings`);
  return v as string[];
}

function stringMap(v: unknown, where: string): Record<string, string> | undefined {
  if (v === undefined) return undefined;
  if (!isObj(v)) throw new SourceError(`${where} must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) {
    if (typeof x !== 'string' && typeof x !== 'number' && typeof x !== 'boolean') throw new SourceError(`${where}.${k} must be a string`);
    setOwn(out, k, String(x));
  }
  return out;
}

function stdio(name: string, command: string, args: string[], env: Record<string, string> | undefined, cwd?: unknown): StdioTargetSpec {
  const spec: StdioTargetSpec = { kind: 'stdio', name, command, args };
  if (env && Object.keys(env).length) {
    spec.env = env;
    const secret = Object.keys(env).filter(isSecretName).sort();
    if (secret.length) spec.secretEnv = secret;
  }
  if (typeof cwd === 'string') spec.cwd = cwd;
  return spec;
}

function http(name: string, url: string, headers: Record<string, string> | undefined): HttpTargetSpec {
  const spec: HttpTargetSpec = { kind: 'http', name, url };
  if (headers && Object.keys(headers).length) spec.headers = headers;
  return spec;
}

/** One entry of a client config: `{command, args, env, cwd}` or `{url | serverUrl | httpUrl, headers}`. */
function clientEntry(name: string, e: unknown, where: string): TargetSpec {
  if (!isObj(e)) throw new SourceError(`${where} must be an object`);
  // Zed nests the launcher: {"command": {"path", "args", "env"}}.
  const launcher = isObj(e.command) ? e.command : e;
  const command = typeof e.command === 'string' ? e.command : launcher.path;
  const url = e.url ?? e.serverUrl ?? e.httpUrl;
  if (typeof command === 'string' && command) {
    return stdio(name, command, strings(launcher.args, `${where}.args`), stringMap(launcher.env, `${where}.env`), e.cwd);
  }
  if (typeof url === 'string' && url) return http(name, url, stringMap(e.headers, `${where}.headers`));
  throw new SourceError(`${where}: needs "command" (a local server) or "url" (a remote server)`);
}

/** The `mcpServers` map of Claude Desktop, Cursor, Windsurf and others; VS Code `servers` (also under `mcp`); Zed `context_servers`. */
export function targetsFromClientConfig(json: unknown, file: string): Record<string, TargetSpec> {
  if (!isObj(json)) throw new SourceError(`${file}: expected a JSON object with "mcpServers" or "servers"`);
  const maps: [string, unknown][] = [
    ['mcpServers', json.mcpServers],
    ['servers', json.servers],
    ['mcp.servers', isObj(json.mcp) ? json.mcp.servers : undefined],
    ['context_servers', json.context_servers],
  ];
  const out: Record<string, TargetSpec> = {};
  let found = false;
  for (const [key, map] of maps) {
    if (map === undefined) continue;
    if (!isObj(map)) throw new SourceError(`${file}: "${key}" must be an object keyed by server name`);
    found = true;
    for (const [name, entry] of Object.entries(map)) {
      if (!Object.hasOwn(out, name)) setOwn(out, name, clientEntry(name, entry, `${file}: ${key}.${name}`));
    }
  }
  if (!found) throw new SourceError(`${file}: no "mcpServers" (or VS Code "servers") map found`);
  return out;
}

// ---- registry server.json (static.modelcontextprotocol.io/schemas/*/server.schema.json) ----

/** camelCase field, or its snake_case spelling from the 2025-07 drafts of the format. */
function pick(o: Obj, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined) return o[k];
  return undefined;
}

/** `{name}` placeholders filled from `variables` (value, else default); unknown ones stay, as the format says. */
function fill(text: string, vars: unknown): string {
  if (!isObj(vars)) return text;
  return text.replace(/\{([A-Za-z0-9_.-]+)\}/g, (m, k: string) => {
    const v = vars[k];
    const val = isObj(v) ? pick(v, 'value', 'default') : undefined;
    return typeof val === 'string' ? val : m;
  });
}

function inputValue(i: Obj): string | undefined {
  const v = pick(i, 'value', 'default');
  return typeof v === 'string' ? fill(v, i.variables) : undefined;
}

function cliArgs(list: unknown, where: string): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new SourceError(`${where} must be an array`);
  const out: string[] = [];
  list.forEach((a, i) => {
    if (!isObj(a)) throw new SourceError(`${where}[${i}] must be an object`);
    const value = inputValue(a);
    if (a.type === 'named') {
      if (typeof a.name !== 'string') throw new SourceError(`${where}[${i}].name must be a string`);
      out.push(a.name, ...(value !== undefined ? [value] : []));
    } else if (value !== undefined) out.push(value);
    else if (typeof pick(a, 'valueHint', 'value_hint') === 'string') out.push(`{${String(pick(a, 'valueHint', 'value_hint'))}}`);
  });
  return out;
}

function envOf(list: unknown, where: string): { env: Record<string, string>; names: string[]; secret: string[] } {
  const env: Record<string, string> = {};
  const names: string[] = [];
  const secret: string[] = [];
  if (list === undefined) return { env, names, secret };
  if (!Array.isArray(list)) throw new SourceError(`${where} must be an array`);
  list.forEach((e, i) => {
    if (!isObj(e) || typeof e.name !== 'string') throw new SourceError(`${where}[${i}] needs a "name"`);
    names.push(e.name);
    const v = inputValue(e);
    if (v !== undefined) setOwn(env, e.name, v);
    if (pick(e, 'isSecret', 'is_secret') === true || isSecretName(e.name)) secret.push(e.name);
  });
  return { env, names, secret };
}

/** A launch command per registry type; undefined when the package cannot be launched as a stdio server. */
function packageTarget(p: Obj, label: string, where: string): StdioTargetSpec | undefined {
  const registry = textOf(pick(p, 'registryType', 'registry_type', 'registry_name'));
  const id = pick(p, 'identifier', 'name');
  const version = pick(p, 'version');
  const transport = pick(p, 'transport');
  const transportType = isObj(transport) ? transport.type : (pick(p, 'transport_type') ?? 'stdio');
  if (typeof id !== 'string' || transportType !== 'stdio') return undefined;
  const hint = pick(p, 'runtimeHint', 'runtime_hint');
  const runtime = cliArgs(pick(p, 'runtimeArguments', 'runtime_arguments'), `${where}.runtimeArguments`);
  const pkgArgs = cliArgs(pick(p, 'packageArguments', 'package_arguments'), `${where}.packageArguments`);
  const { env, names, secret } = envOf(pick(p, 'environmentVariables', 'environment_variables'), `${where}.environmentVariables`);
  const v = typeof version === 'string' ? version : undefined;
  let command: string;
  let args: string[];
  if (registry === 'npm') {
    command = typeof hint === 'string' ? hint : 'npx';
    args = [...(command === 'npx' && !runtime.includes('-y') ? ['-y'] : []), ...runtime, v ? `${id}@${v}` : id, ...pkgArgs];
  } else if (registry === 'pypi') {
    command = typeof hint === 'string' ? hint : 'uvx';
    args = [...runtime, v ? `${id}==${v}` : id, ...pkgArgs];
  } else if (registry === 'oci' || registry === 'docker') {
    // A container sees only the variables passed to it, so each one becomes `-e NAME`.
    const image = v && !/[:@][^/]*$/.test(id) ? `${id}:${v}` : id;
    command = typeof hint === 'string' ? hint : 'docker';
    args = ['run', '-i', '--rm', ...names.flatMap((n) => ['-e', n]), ...runtime, image, ...pkgArgs];
  } else if (registry === 'nuget') {
    command = typeof hint === 'string' ? hint : 'dnx';
    args = [...runtime, v ? `${id}@${v}` : id, '--yes', ...pkgArgs];
  } else if (typeof hint === 'string') {
    command = hint;
    args = [...runtime, id, ...pkgArgs];
  } else return undefined;
  const spec = stdio(label, command, args, env);
  if (secret.length) spec.secretEnv = [...new Set([...(spec.secretEnv ?? []), ...secret])].sort();
  return spec;
}

function remoteTarget(r: Obj, label: string, where: string): HttpTargetSpec | undefined {
  const type = pick(r, 'type', 'transport_type');
  if ((type !== 'streamable-http' && type !== 'sse') || typeof r.url !== 'string') return undefined;
  const headers: Record<string, string> = {};
  const list = r.headers;
  if (list !== undefined && !Array.isArray(list)) throw new SourceError(`${where}.headers must be an array`);
  for (const h of (list as unknown[] | undefined) ?? []) {
    if (!isObj(h) || typeof h.name !== 'string') throw new SourceError(`${where}.headers: each header needs a "name"`);
    const v = inputValue(h);
    if (v !== undefined) setOwn(headers, h.name, v);
  }
  return http(label, fill(r.url, r.variables), headers);
}

function uniqueKey(out: Record<string, TargetSpec>, base: string): string {
  let k = base;
  for (let n = 2; Object.hasOwn(out, k); n++) k = `${base}-${n}`;
  return k;
}

/** Targets keyed by transport (`streamable-http`, `sse`) for remotes and by registry (`npm`, `pypi`, `oci`, `nuget`) for packages. */
export function targetsFromServerJson(json: unknown, file: string): Record<string, TargetSpec> {
  // The registry API wraps a server.json as {"server": {...}, "_meta": {...}}.
  const doc = isObj(json) && isObj(json.server) ? json.server : json;
  if (!isObj(doc)) throw new SourceError(`${file}: expected a server.json object`);
  const serverName = typeof doc.name === 'string' ? doc.name : 'server';
  const out: Record<string, TargetSpec> = {};
  const remotes = doc.remotes ?? [];
  const packages = doc.packages ?? [];
  if (!Array.isArray(remotes)) throw new SourceError(`${file}: "remotes" must be an array`);
  if (!Array.isArray(packages)) throw new SourceError(`${file}: "packages" must be an array`);
  remotes.forEach((r, i) => {
    const where = `${file}: remotes[${i}]`;
    if (!isObj(r)) throw new SourceError(`${where} must be an object`);
    const key = uniqueKey(out, textOf(pick(r, 'type', 'transport_type') ?? 'remote'));
    const spec = remoteTarget(r, `${serverName} (${key})`, where);
    if (spec) setOwn(out, key, spec);
  });
  packages.forEach((p, i) => {
    const where = `${file}: packages[${i}]`;
    if (!isObj(p)) throw new SourceError(`${where} must be an object`);
    const key = uniqueKey(out, textOf(pick(p, 'registryType', 'registry_type', 'registry_name') ?? 'package'));
    const spec = packageTarget(p, `${serverName} (${key})`, where);
    if (spec) setOwn(out, key, spec);
  });
  if (Object.keys(out).length === 0) {
    throw new SourceError(`${file}: no usable target: needs a streamable-http or sse remote, or a stdio package from npm, pypi, oci or nuget`);
  }
  return out;
}
