import type { AssayConfig, PlannedTarget } from '../index.js';
// Values from the offline entry, so a command on snapshot files plans without loading the engine.
import {
  CONTRACT_RULES,
  ConfigError,
  defaultConfig,
  findConfigFile,
  loadConfig,
  resolveOptions,
  serverRunOptions,
  serverToTarget,
  validateRuleSettings,
} from '../offline.js';
import type { Invocation } from './program.js';
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

/** A command ready to run: its operands, its options with config and defaults filled in, and the effective config. */
export interface Plan<O> {
  operands: string[];
  o: O;
  cfg: AssayConfig;
  /** Options given on the command line (they beat a configured server's own settings too). */
  given: ReadonlySet<string>;
  /** The whole command line as given (commander drops `--`, which tells a name from a server's command). */
  argv: readonly string[];
}

export async function loadEffectiveConfig(o: { config?: string }): Promise<AssayConfig> {
  const file = o.config ?? findConfigFile(process.cwd());
  const cfg = file ? await loadConfig(file) : defaultConfig();
  // Rule ids are known to the contracts layer only, so they are checked here, once the file is read.
  const problem = validateRuleSettings(cfg.contracts)[0];
  if (problem)
    throw new ConfigError({
      file: cfg.file ?? '(config)',
      key: `contracts.${problem.split(':')[0]!.replace(/^levels\./, 'rules.')}`,
      reason: problem.split(': ').slice(1).join(': '),
      hint: `known rules: ${CONTRACT_RULES.map((r) => r.id).join(', ')}`,
    });
  return cfg;
}

/** argv (as commander parsed it) + config file + defaults -> the plan: flags > config file > defaults (see docs/config.md). */
export async function resolvePlan<O>(inv: Invocation): Promise<Plan<O>> {
  const config = (inv.options.config ?? inv.parent?.config) as string | undefined;
  const { cfg, options } = resolveOptions(await loadEffectiveConfig(config ? { config } : {}), inv.command, inv.options, inv.given);
  return { operands: inv.operands, o: options as O, cfg, given: inv.given, argv: inv.argv };
}

/** Everything the user named: a URL or command, `--from` files, `--server` names (all configured servers when none). */
export function planTargets(operands: string[], o: TargetOptions, cfg: AssayConfig, given: ReadonlySet<string> = new Set()): PlannedTarget[] {
  const plan: PlannedTarget[] = [];
  const direct = targetFromOperands(operands, { header: o.header, env: o.env, ...(o.cwd ? { cwd: o.cwd } : {}) });
  if (direct) plan.push({ spec: direct });
  for (const ref of o.from) plan.push({ spec: targetFromFile(ref) });
  const names = o.server.length ? o.server : plan.length ? [] : Object.keys(cfg.servers);
  for (const name of names) {
    const r = serverRunOptions(cfg, name);
    // A --timeout flag beats the server's own timeout, which beats check.timeout.
    plan.push({
      spec: serverToTarget(cfg, name),
      overrides: { timeoutMs: given.has('timeout') ? cfg.check.timeout : r.timeout, deadlineMs: r.deadline, allowTools: r.allowTools, toolArgs: r.toolArgs },
    });
  }
  if (!plan.length) throw new UsageError('no target: give a URL, a command after --, --from FILE[#name], or --server NAME from mcp-assay.config.yaml');
  return plan;
}
