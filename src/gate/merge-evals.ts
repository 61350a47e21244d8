/**
 * Merging the `evals` parts of shard reports into the part an unsharded run writes. Each (case, model) pair ran in
 * exactly one shard, so a case report is carried whole; a model's pooled counts add up exactly over the shards, and
 * its rates, intervals, summary, usage and cost are recomputed with the arithmetic the eval runner itself uses.
 */
import type { CaseReport, EvalsReport, ModelEvalReport } from '../core/evals-report.js';
import { addCost, addCounts, addUsage, countsOfMetrics, emptyCounts, metricsFromCounts, modelSummary } from '../core/evals-metrics.js';

/** Golden-set order: by the case's line in the golden file, then by id (cases without a line last). */
function goldenOrder(a: CaseReport, b: CaseReport): number {
  const la = a.line ?? Number.MAX_SAFE_INTEGER;
  const lb = b.line ?? Number.MAX_SAFE_INTEGER;
  return la - lb || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function mergeModel(parts: readonly ModelEvalReport[]): ModelEvalReport {
  const first = parts[0]!;
  const cases = parts.flatMap((p) => p.cases).sort(goldenOrder);
  const counts = parts.reduce((k, p) => addCounts(k, countsOfMetrics(p.metrics)), emptyCounts());
  const cost = addCost(cases.map((c) => c.costUsd));
  const aborted = [...new Set(parts.map((p) => p.aborted).filter((a): a is string => !!a))];
  const out: ModelEvalReport = {
    model: first.model,
    params: first.params,
    source: parts.some((p) => p.source === 'live') ? 'live' : 'replay',
    metrics: metricsFromCounts(counts),
    cases,
    summary: modelSummary(cases),
    usage: addUsage(cases.map((c) => c.usage)),
    ...(cost !== undefined ? { costUsd: cost } : {}),
    ...(aborted.length ? { aborted: aborted.join('; ') } : {}),
  };
  return out;
}

/** Shard parts (already checked to be of one run) -> one EvalsReport without a `shard` field. */
export function mergeEvalsReports(parts: readonly EvalsReport[]): EvalsReport {
  const first = parts[0]!;
  const byModel = new Map<string, ModelEvalReport[]>();
  for (const p of parts) for (const m of p.models) byModel.set(m.model, [...(byModel.get(m.model) ?? []), m]);
  // Every shard lists the run's rubrics in the same order; a first-seen union keeps it.
  const rubrics = new Map(parts.flatMap((p) => p.judge?.rubrics ?? []).map((r) => [r.case, r]));
  const judge = parts.find((p) => p.judge)?.judge;
  const { shard: _shard, ...rest } = first;
  return {
    ...rest,
    models: [...byModel.values()].map(mergeModel),
    ...(judge ? { judge: { ...judge, rubrics: [...rubrics.values()] } } : {}),
    problems: [...new Set(parts.flatMap((p) => p.problems))],
    durationMs: Math.max(...parts.map((p) => p.durationMs)),
  };
}
