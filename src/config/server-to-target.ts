import type { TargetSpec } from '../core/target-spec.js';
import { ConfigError } from './config-error.js';
import { closest } from './suggest.js';
import type { AssayConfig, ServerConfig, ToolArgs } from './types.js';

function serverByName(cfg: AssayConfig, name: string): ServerConfig {
  const s = Object.hasOwn(cfg.servers, name) ? cfg.servers[name] : undefined;
  if (s) return s;
  const known = Object.keys(cfg.servers);
  const near = closest(name, known);
  const hint =
    known.length === 0
      ? 'the config defines no servers; add one under `servers:`'
      : `${near ? `did you mean \`${near}\`? ` : ''}known servers: ${known.join(', ')}`;
  throw new ConfigError({ file: cfg.file ?? '(no config file)', key: 'servers', reason: `unknown server ${JSON.stringify(name)}`, hint });
}

/** The TargetSpec for a named server; ConfigError naming the known servers when there is no such name. */
export function serverToTarget(cfg: AssayConfig, name: string): TargetSpec {
  const s = serverByName(cfg, name);
  if (s.kind === 'http') return { kind: 'http', name, url: s.url, ...(Object.keys(s.headers).length ? { headers: { ...s.headers } } : {}) };
  return {
    kind: 'stdio',
    name,
    command: s.command,
    args: [...s.args],
    ...(Object.keys(s.env).length ? { env: { ...s.env } } : {}),
    ...(s.secretEnv.length ? { secretEnv: [...s.secretEnv] } : {}),
    ...(s.cwd ? { cwd: s.cwd } : {}),
  };
}

/** Per-server run options: the server's own values over `check:` (timeout replaces, tools add, toolArgs per tool). */
export interface ServerRunOptions {
  timeout: number;
  deadline: number;
  allowTools: string[];
  toolArgs: ToolArgs;
}

export function serverRunOptions(cfg: AssayConfig, name: string): ServerRunOptions {
  const s = serverByName(cfg, name);
  return {
    timeout: s.timeout ?? cfg.check.timeout,
    deadline: cfg.check.deadline,
    allowTools: [...new Set([...cfg.check.allowTools, ...s.allowTools])],
    toolArgs: { ...cfg.check.toolArgs, ...s.toolArgs },
  };
}
