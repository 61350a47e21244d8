import path from 'node:path';
import type { TargetSpec } from '../core/target-spec.js';
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
  const [first, ...rest] = operands as [string, ...string[]];
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
