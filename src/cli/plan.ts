import { serverRunOptions, serverToTarget, type AssayConfig } from '../config/index.js';
import type { PlannedTarget } from '../engine/run.js';
import { targetFromFile } from './sources.js';
import { targetFromOperands } from './targets.js';
import { UsageError } from './usage-error.js';

export interface TargetOptions {
  header: string[];
  env: string[];
  cwd?: string;
  server: string[];
  from: string[];
}

/** Everything the user named: a URL or command, `--from` files, `--server` names (all configured servers when none). */
export function planTargets(operands: string[], o: TargetOptions, cfg: AssayConfig): PlannedTarget[] {
  const plan: PlannedTarget[] = [];
  const direct = targetFromOperands(operands, { header: o.header, env: o.env, ...(o.cwd ? { cwd: o.cwd } : {}) });
  if (direct) plan.push({ spec: direct });
  for (const ref of o.from) plan.push({ spec: targetFromFile(ref) });
  const names = o.server.length ? o.server : plan.length ? [] : Object.keys(cfg.servers);
  for (const name of names) {
    const r = serverRunOptions(cfg, name);
    plan.push({ spec: serverToTarget(cfg, name), overrides: { timeoutMs: r.timeout, deadlineMs: r.deadline, allowTools: r.allowTools, toolArgs: r.toolArgs } });
  }
  if (!plan.length) throw new UsageError('no target: give a URL, a command after --, --from FILE[#name], or --server NAME from mcp-assay.config.yaml');
  return plan;
}
