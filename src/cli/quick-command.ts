/**
 * The quick loop on the command line: `list`, `call`, `read`, `prompt`. One target, reached through the same probe and
 * clients as `check`; the request's wire on -v; a tool result judged against its outputSchema; the same write-safety
 * rule as `check` (a tool that may write is called only when --allow-tool names it, or --yes for this one call).
 */
import type { Command } from 'commander';
import type { AssayConfig } from '../config/index.js';
import { EXIT } from '../core/summary.js';
import { withLiveTarget, type LiveCaller } from '../engine/live.js';
import type { PlannedTarget } from '../engine/run.js';
import { loadEffectiveConfig } from './check-command.js';
import { planTargets, type TargetOptions } from './plan.js';
import { isUrl, jsonObjectArg, nameAndTarget, promptArgs, splitOperands } from './quick-args.js';
import { callTool, requestOutcome, type Outcome } from './quick-call.js';
import { inertJson, itemsOf, LIST_KINDS, renderList, renderWire, type ListKind } from './quick-render.js';
import { UsageError } from './usage-error.js';

export interface QuickOptions extends TargetOptions {
  config?: string;
  timeout?: number;
  deadline?: number;
  verbose?: boolean;
  json?: boolean;
  args?: string;
  allowTool: string[];
  yes?: boolean;
}

/** Resolves the one target, runs `f` on it, prints the wire (-v), the output and the notes; returns the exit code. */
async function runQuick(target: string[], o: QuickOptions, f: (caller: LiveCaller, planned: PlannedTarget, cfg: AssayConfig) => Promise<Outcome>): Promise<number> {
  const cfg = await loadEffectiveConfig(o);
  const plan = planTargets(target, o, cfg);
  if (plan.length !== 1) throw new UsageError(`this command takes one target (got ${plan.length}); name one with a URL, -- command, --server or --from`);
  const base = plan[0]!;
  const timeoutMs = o.timeout ?? base.overrides?.timeoutMs ?? cfg.check.timeout;
  const deadlineMs = o.deadline ?? base.overrides?.deadlineMs ?? cfg.check.deadline;
  const planned: PlannedTarget = { spec: base.spec, overrides: { ...base.overrides, timeoutMs, deadlineMs } };
  const run = await withLiveTarget(planned, { timeoutMs, deadlineMs }, (caller) => f(caller, planned, cfg));
  if (o.verbose) process.stderr.write(renderWire(run.report.wire));
  if (!run.value) {
    process.stderr.write(`mcp-assay: ${run.report.target.display}: ${run.report.outcomeReason ?? 'the server could not be reached'}\n`);
    return EXIT.inconclusive;
  }
  const { code, stdout, notes } = run.value;
  if (stdout) process.stdout.write(stdout.endsWith('\n') ? stdout : `${stdout}\n`);
  for (const n of notes) process.stderr.write(`${n}\n`);
  return code;
}

/** `mcp-assay list <target> [tools|resources|templates|prompts]`. */
export function listCommand(operands: string[], o: QuickOptions, cmd: Command): Promise<number> {
  const split = splitOperands(operands, cmd);
  const before = [...split.before];
  const target = isUrl(before[0]) ? [before.shift()!] : split.command;
  if (before.length > 1 || (before[0] && !(LIST_KINDS as readonly string[]).includes(before[0])))
    throw new UsageError(`list what? expected one of ${LIST_KINDS.join(', ')} (got ${before.join(' ')})`);
  const kinds: ListKind[] = before[0] ? [before[0] as ListKind] : [...LIST_KINDS];
  return runQuick(target, o, async (caller) => {
    const { catalogue, problems } = await caller.catalogue();
    const stdout = o.json
      ? inertJson(kinds.length === 1 ? itemsOf(catalogue, kinds[0]!) : Object.fromEntries(kinds.map((k) => [k, itemsOf(catalogue, k)])), caller.live.recorder.masker)
      : caller.live.recorder.masker.text(renderList(catalogue, kinds));
    const notes = problems.map((p) => `warning: ${p}; that list is incomplete`);
    return { code: problems.length ? EXIT.inconclusive : EXIT.ok, stdout, notes };
  });
}

/** `mcp-assay call <target> TOOL --args JSON`. */
export function callCommand(operands: string[], o: QuickOptions, cmd: Command): Promise<number> {
  const { name, target } = nameAndTarget(splitOperands(operands, cmd), 'TOOL');
  const args = o.args === undefined ? {} : jsonObjectArg(o.args);
  return runQuick(target, o, async (caller, planned, cfg) => {
    const allow = [...new Set([...(planned.overrides?.allowTools ?? cfg.check.allowTools), ...o.allowTool])];
    return callTool(caller, name, args, { allowTools: allow, yes: o.yes === true });
  });
}

/** `mcp-assay read <target> URI`. */
export function readCommand(operands: string[], o: QuickOptions, cmd: Command): Promise<number> {
  const { name: uri, target } = nameAndTarget(splitOperands(operands, cmd), 'URI');
  return runQuick(target, o, async (caller) => requestOutcome(caller, await caller.request('resources/read', { uri }), `resources/read ${uri}`));
}

/** `mcp-assay prompt <target> NAME --args JSON`. */
export function promptCommand(operands: string[], o: QuickOptions, cmd: Command): Promise<number> {
  const { name, target } = nameAndTarget(splitOperands(operands, cmd), 'NAME');
  const args = promptArgs(o.args === undefined ? {} : jsonObjectArg(o.args));
  return runQuick(target, o, async (caller) => requestOutcome(caller, await caller.request('prompts/get', { name, arguments: args }), `prompts/get ${name}`));
}
