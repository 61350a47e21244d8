/**
 * The quick loop on the command line: `list`, `call`, `read`, `prompt`. One target, reached through the same probe and
 * clients as `check`; the request's wire on -v; a tool result judged against its outputSchema; the same write-safety
 * rule as `check` (a tool that may write is called only when --allow-tool names it, or --yes for this one call).
 */
import { EXIT, withLiveTarget, type AssayConfig, type LiveCaller, type PlannedTarget } from '../index.js';
import { planTargets, type Plan, type TargetOptions } from './plan.js';
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
async function runQuick(
  target: string[],
  { o, cfg, given }: Plan<QuickOptions>,
  f: (caller: LiveCaller, planned: PlannedTarget, cfg: AssayConfig) => Promise<Outcome>,
): Promise<number> {
  const plan = planTargets(target, o, cfg, given);
  if (plan.length !== 1) throw new UsageError(`this command takes one target (got ${plan.length}); name one with a URL, -- command, --server or --from`);
  const base = plan[0]!;
  const timeoutMs = base.overrides?.timeoutMs ?? cfg.check.timeout;
  const deadlineMs = cfg.check.deadline;
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
export function listCommand(plan: Plan<QuickOptions>): Promise<number> {
  const { operands, o, argv } = plan;
  const split = splitOperands(operands, argv);
  const before = [...split.before];
  const target = isUrl(before[0]) ? [before.shift()!] : split.command;
  if (before.length > 1 || (before[0] && !(LIST_KINDS as readonly string[]).includes(before[0])))
    throw new UsageError(`list what? expected one of ${LIST_KINDS.join(', ')} (got ${before.join(' ')})`);
  const kinds: ListKind[] = before[0] ? [before[0] as ListKind] : [...LIST_KINDS];
  return runQuick(target, plan, async (caller) => {
    const { catalogue, problems } = await caller.catalogue();
    const stdout = o.json
      ? inertJson(
          kinds.length === 1 ? itemsOf(catalogue, kinds[0]!) : Object.fromEntries(kinds.map((k) => [k, itemsOf(catalogue, k)])),
          caller.live.recorder.masker,
        )
      : caller.live.recorder.masker.text(renderList(catalogue, kinds));
    const notes = problems.map((p) => `warning: ${p}; that list is incomplete`);
    return { code: problems.length ? EXIT.inconclusive : EXIT.ok, stdout, notes };
  });
}

/** `mcp-assay call <target> TOOL --args JSON`. */
export function callCommand(plan: Plan<QuickOptions>): Promise<number> {
  const { operands, o, argv } = plan;
  const { name, target } = nameAndTarget(splitOperands(operands, argv), 'TOOL');
  const args = o.args === undefined ? {} : jsonObjectArg(o.args);
  return runQuick(target, plan, async (caller, planned, cfg) => {
    const allow = [...new Set([...(planned.overrides?.allowTools ?? cfg.check.allowTools), ...o.allowTool])];
    return callTool(caller, name, args, { allowTools: allow, yes: o.yes === true });
  });
}

/** `mcp-assay read <target> URI`. */
export function readCommand(plan: Plan<QuickOptions>): Promise<number> {
  const { operands, argv } = plan;
  const { name: uri, target } = nameAndTarget(splitOperands(operands, argv), 'URI');
  return runQuick(target, plan, async (caller) => requestOutcome(caller, await caller.request('resources/read', { uri }), `resources/read ${uri}`));
}

/** `mcp-assay prompt <target> NAME --args JSON`. */
export function promptCommand(plan: Plan<QuickOptions>): Promise<number> {
  const { operands, o, argv } = plan;
  const { name, target } = nameAndTarget(splitOperands(operands, argv), 'NAME');
  const args = promptArgs(o.args === undefined ? {} : jsonObjectArg(o.args));
  return runQuick(target, plan, async (caller) =>
    requestOutcome(caller, await caller.request('prompts/get', { name, arguments: args }), `prompts/get ${name}`),
  );
}
