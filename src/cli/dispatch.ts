import type { CommandName } from '../options.js';
import { resolvePlan } from './plan.js';
import type { Invocation } from './program.js';

type Runner = (inv: Invocation) => Promise<number>;

/**
 * Every command is parse (commander) -> plan (flags, config file, defaults) -> engine -> reporters. Each command's
 * module loads only when that command runs, so `check` never loads the model SDKs and `--help` loads no command.
 */
const RUNNERS: Record<CommandName, Runner> = {
  check: async (inv) => (await import('./check-command.js')).checkCommand(await resolvePlan(inv)),
  contracts: async (inv) => (await import('./contracts-command.js')).contractsCommand(await resolvePlan(inv)),
  snapshot: async (inv) => (await import('./snapshot-command.js')).snapshotCommand(await resolvePlan(inv)),
  diff: async (inv) => (await import('./diff-command.js')).diffCommand(await resolvePlan(inv)),
  inventory: async (inv) => (await import('./inventory-command.js')).inventoryCommand(await resolvePlan(inv)),
  list: async (inv) => (await import('./quick-command.js')).listCommand(await resolvePlan(inv)),
  call: async (inv) => (await import('./quick-command.js')).callCommand(await resolvePlan(inv)),
  read: async (inv) => (await import('./quick-command.js')).readCommand(await resolvePlan(inv)),
  prompt: async (inv) => (await import('./quick-command.js')).promptCommand(await resolvePlan(inv)),
  eval: async (inv) => (await import('./eval-command.js')).evalCommand(await resolvePlan(inv)),
  // `--model` given after `eval` lands on the parent command; take it from there too.
  'eval init': async (inv) =>
    (await import('./eval-command.js')).evalInitCommand(
      await resolvePlan({ ...inv, options: { ...inv.options, model: [...((inv.parent?.model as string[]) ?? []), ...(inv.options.model as string[])] } }),
    ),
  'eval calibrate': async (inv) => {
    // Options the parent `eval` also knows (--judge, --json, -c) may land on it.
    const o = { ...inv.parent, ...Object.fromEntries(Object.entries(inv.options).filter(([, v]) => v !== undefined)) };
    if (!o.judge || !o.labels) {
      process.stderr.write('mcp-assay: eval calibrate needs --judge provider:model and --labels FILE\n');
      return 2;
    }
    return (await import('./eval-command.js')).calibrateCommand(await resolvePlan({ ...inv, options: o }));
  },
  gate: async (inv) => (await import('./gate-command.js')).gateCommand(inv.options as never),
  merge: async (inv) => (await import('./merge-command.js')).mergeCommand(inv.operands, inv.options as never),
  history: async (inv) => (await import('./history-command.js')).historyCommand(inv.operands[0], inv.options),
  demo: async (inv) => (await import('./demo.js')).demoCommand(inv.options as never),
};

export function runCommand(inv: Invocation): Promise<number> {
  return RUNNERS[inv.command](inv);
}
