import path from 'node:path';
import type { TargetSpec } from '../index.js';
import { UsageError } from './usage-error.js';

export interface TargetFlags {
  header: string[];
  env: string[];
  cwd?: string;
}

/** `K: V` (header) or `K=V` (env) pairs; a malformed one is a usage error naming it. */
export function parsePairs(items: readonly string[], sep: ':' | '=', flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const i = item.indexOf(sep);
    if (i <= 0) throw new UsageError(`${flag} ${JSON.stringify(item)}: expected ${sep === ':' ? "'Name: value'" : 'KEY=value'}`);
    out[item.slice(0, i).trim()] = item.slice(i + 1).trim();
  }
  return out;
}

/** Operands of `check`: one URL, or a command and its arguments (after `--`). */
export function targetFromOperands(operands: readonly string[], f: TargetFlags): TargetSpec | undefined {
  if (!operands.length) return undefined;
  const [given, ...rest] = operands as [string, ...string[]];
  let first = given;
  // `localhost:8000/mcp` is a URL without its scheme, not a command: plain http is what a local server speaks.
  const bare = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|[a-z0-9][a-z0-9.-]*):\d{1,5}(?:\/\S*)?$/i.exec(first);
  if (bare && !rest.length) {
    if (!/^(localhost|127\.|\[::1\])/i.test(first)) throw new UsageError(`${first} has no scheme: give http://${first} or https://${first}`);
    first = `http://${first}`;
  }
  if (/^https?:\/\//i.test(first)) {
    if (rest.length) throw new UsageError(`a URL target takes no further arguments (got ${rest.join(' ')})`);
    try {
      new URL(first);
    } catch {
      throw new UsageError(`not a valid URL: ${first}`);
    }
    if (f.env.length || f.cwd) throw new UsageError('--env and --cwd apply to a command target, not a URL');
    const headers = parsePairs(f.header, ':', '--header');
    return { kind: 'http', url: first, ...(Object.keys(headers).length ? { headers } : {}) };
  }
  if (f.header.length) throw new UsageError('--header applies to a URL target, not a command');
  const env = parsePairs(f.env, '=', '--env');
  return {
    kind: 'stdio',
    command: first,
    args: rest,
    ...(Object.keys(env).length ? { env, secretEnv: Object.keys(env) } : {}),
    ...(f.cwd ? { cwd: path.resolve(f.cwd) } : {}),
  };
}

/**
 * Our own options written after `--` (`snapshot -- node server.js -o out.json`) would silently go to the server:
 * trailing `flag value` pairs naming one of `flags` are taken back as ours, with a note on stderr.
 */
export function takeTrailingOptions(
  operands: string[],
  flags: readonly string[],
  note: (msg: string) => void = (m) => void process.stderr.write(`mcp-assay: ${m}\n`),
): { operands: string[]; taken: Record<string, string> } {
  const out = [...operands];
  const taken: Record<string, string> = {};
  while (out.length >= 3 && flags.includes(out[out.length - 2]!)) {
    const value = out.pop()!;
    const flag = out.pop()!;
    taken[flag] = value;
    note(`${flag} ${value} came after the server command; it is taken as mcp-assay's option (put mcp-assay's options before --)`);
  }
  return { operands: out, taken };
}
