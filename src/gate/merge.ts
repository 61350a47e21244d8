import type { Report, TargetReport } from '../core/types.js';
import type { EvalsView } from '../core/evals-view.js';
import { readEvals } from '../core/evals-adapter.js';
import { addSummaries } from '../core/summary.js';
import { GateInputError } from './errors.js';
import { targetKey } from './keys.js';
import { mergeEvalsReports } from './merge-evals.js';
import type { EvalsReport } from '../core/evals-report.js';
import { canonicalJson } from '../core/canonical.js';

export interface MergeInput {
  file: string;
  report: Report;
}

/** Shards must be of one run: same harness, golden set, catalogue, models, shard count (and run id when set). */
function checkSameRun(inputs: readonly (MergeInput & { evals: EvalsView })[]): void {
  const a = inputs[0];
  if (!a) return;
  const seen = new Map<number, string>();
  const pairs = new Map<string, string>();
  for (const x of inputs) {
    const differs = (what: string, mine: unknown, theirs: unknown): void => {
      if (canonicalJson(mine) !== canonicalJson(theirs))
        throw new GateInputError(
          x.file,
          `a shard of another run than ${a.file}: ${what} differs (${canonicalJson(theirs)} there, ${canonicalJson(mine)} here)`,
        );
    };
    differs('the golden set hash', x.evals.goldenSet.hash, a.evals.goldenSet.hash);
    differs('the catalogue hash', x.evals.catalogueHash ?? null, a.evals.catalogueHash ?? null);
    differs(
      'the models and their parameters',
      [...x.evals.models].sort((p, q) => (p.id < q.id ? -1 : 1)),
      [...a.evals.models].sort((p, q) => (p.id < q.id ? -1 : 1)),
    );
    differs('the shard count', x.evals.shard?.count ?? null, a.evals.shard?.count ?? null);
    differs('the run id', x.evals.shard?.runId ?? null, a.evals.shard?.runId ?? null);
    if (x.evals.shard) {
      const other = seen.get(x.evals.shard.index);
      if (other) throw new GateInputError(x.file, `shard ${x.evals.shard.index}/${x.evals.shard.count} again (also ${other})`);
      seen.set(x.evals.shard.index, x.file);
    }
    for (const r of x.evals.results) {
      const k = `${r.caseId}\u0000${r.model}`;
      const other = pairs.get(k);
      if (other && other !== x.file) throw new GateInputError(x.file, `case ${r.caseId} on ${r.model} was also run in ${other}: the shards overlap`);
      pairs.set(k, x.file);
    }
  }
  const count = a.evals.shard?.count;
  if (count !== undefined && seen.size !== count) {
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
    throw new GateInputError(a.file, `shard(s) ${missing.join(', ')} of ${count} are missing; merge needs every shard of the run`);
  }
}

/** One target checked by several jobs: the same results are one target; different results are an error, never averaged. */
function mergeTargets(inputs: readonly MergeInput[]): TargetReport[] {
  const out = new Map<string, { t: TargetReport; file: string }>();
  for (const x of inputs) {
    for (const t of x.report.targets) {
      const key = targetKey(t);
      const prev = out.get(key);
      if (!prev) {
        out.set(key, { t, file: x.file });
        continue;
      }
      const a = new Map(prev.t.results.map((r) => [r.checkId, r.status]));
      const diff = t.results.find((r) => a.get(r.checkId) !== r.status) ?? (t.results.length !== a.size ? t.results[0] : undefined);
      if (diff)
        throw new GateInputError(
          x.file,
          `target ${key} was also checked in ${prev.file} with other results (${diff.checkId}: ${a.get(diff.checkId) ?? 'absent'} there, ${diff.status} here); check conformance in one job`,
        );
    }
  }
  return [...out.values()].map((v) => v.t);
}

function mergeEvals(inputs: readonly MergeInput[]): EvalsReport | undefined {
  const parts = inputs.map((x) => x.report.evals).filter((e): e is EvalsReport => e !== undefined);
  if (!parts.length) return undefined;
  return mergeEvalsReports(parts);
}

/** Shards of one run -> the report an unsharded run would have written (same verdicts, same pooled counts). */
export function mergeReports(inputs: readonly MergeInput[]): Report {
  if (!inputs.length) throw new GateInputError('(merge)', 'no reports to merge');
  const first = inputs[0]!;
  for (const x of inputs)
    if (x.report.tool.version !== first.report.tool.version)
      throw new GateInputError(
        x.file,
        `written by mcp-assay ${x.report.tool.version}, ${first.file} by ${first.report.tool.version}: shards of different runs`,
      );
  const withEvals = inputs.map((x) => ({ ...x, evals: readEvals(x.report) })).filter((x): x is MergeInput & { evals: EvalsView } => x.evals !== undefined);
  checkSameRun(withEvals);
  const targets = mergeTargets(inputs);
  const started = inputs.map((x) => x.report.startedAt).sort()[0]!;
  const finished = inputs
    .map((x) => x.report.finishedAt)
    .sort()
    .at(-1)!;
  const merged: Report = {
    ...first.report,
    startedAt: started,
    finishedAt: finished,
    durationMs: Math.max(0, Date.parse(finished) - Date.parse(started)) || Math.max(...inputs.map((x) => x.report.durationMs)),
    targets,
    summary: addSummaries(targets.map((t) => t.summary)),
  };
  const evals = mergeEvals(inputs);
  if (evals === undefined) delete merged.evals;
  else merged.evals = evals;
  return merged;
}
