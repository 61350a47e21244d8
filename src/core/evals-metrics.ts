/**
 * The pure arithmetic of a model's eval figures: pooled counts -> ModelMetrics, cases -> summary, usage and cost sums.
 * The runner tallies counts from run records (it has the golden set and the tool schemas); merge adds the counts of
 * shards, which cover disjoint (case, model) pairs. Both finish with these functions, so the figures agree exactly.
 */
import type { CaseReport, ModelEvalReport, ModelMetrics } from './evals-report.js';
import type { Usage } from './provider.js';
import { rate, type Rate } from './stats.js';

/** [hits, runs] per pooled rate, hits per tool over negative runs, and the confusion counts. */
export interface MetricCounts {
  sel: [number, number];
  arg: [number, number];
  neg: [number, number];
  seq: [number, number];
  hal: [number, number];
  req: [number, number];
  den: [number, number];
  falseHits: Record<string, number>;
  confusion: Record<string, Record<string, number>>;
}

export function emptyCounts(): MetricCounts {
  return { sel: [0, 0], arg: [0, 0], neg: [0, 0], seq: [0, 0], hal: [0, 0], req: [0, 0], den: [0, 0], falseHits: {}, confusion: {} };
}

type PairKey = 'sel' | 'arg' | 'neg' | 'seq' | 'hal' | 'req' | 'den';
const PAIRS: [PairKey, keyof ModelMetrics][] = [
  ['sel', 'selectionAccuracy'],
  ['arg', 'argumentAccuracy'],
  ['neg', 'overTriggerRate'],
  ['seq', 'sequenceAccuracy'],
  ['hal', 'hallucinatedArgumentRate'],
  ['req', 'missingRequiredRate'],
  ['den', 'deniedViolationRate'],
];

/** Pooled rates with Wilson intervals (METRICS §1-4: pool, don't average ratios). */
export function metricsFromCounts(k: MetricCounts): ModelMetrics {
  const m = Object.fromEntries(PAIRS.map(([key, name]) => [name, rate(k[key][0], k[key][1])])) as Record<string, Rate>;
  const negRuns = k.neg[1];
  const confusion: Record<string, Record<string, number>> = {};
  for (const want of Object.keys(k.confusion).sort())
    confusion[want] = Object.fromEntries(Object.entries(k.confusion[want]!).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...(m as unknown as Omit<ModelMetrics, 'falseTriggers' | 'confusion'>),
    falseTriggers: Object.fromEntries(
      Object.entries(k.falseHits)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([t, hits]) => [t, rate(hits, negRuns)]),
    ),
    confusion,
  };
}

/** The counts a ModelMetrics was made from (its rates keep c and n). */
export function countsOfMetrics(m: ModelMetrics): MetricCounts {
  const k = emptyCounts();
  for (const [key, name] of PAIRS) {
    const r = m[name] as Rate;
    k[key] = [r.c, r.n];
  }
  k.falseHits = Object.fromEntries(Object.entries(m.falseTriggers).map(([t, r]) => [t, r.c]));
  k.confusion = structuredClone(m.confusion);
  return k;
}

export function addCounts(a: MetricCounts, b: MetricCounts): MetricCounts {
  const out = emptyCounts();
  for (const [key] of PAIRS) out[key] = [a[key][0] + b[key][0], a[key][1] + b[key][1]];
  for (const src of [a, b]) {
    for (const [t, hits] of Object.entries(src.falseHits)) out.falseHits[t] = (out.falseHits[t] ?? 0) + hits;
    for (const [want, row] of Object.entries(src.confusion))
      for (const [got, n] of Object.entries(row)) (out.confusion[want] ??= {})[got] = (out.confusion[want][got] ?? 0) + n;
  }
  return out;
}

export function addUsage(parts: readonly Usage[]): Usage {
  const u: Usage = { inputTokens: 0, outputTokens: 0 };
  for (const p of parts) {
    u.inputTokens += p.inputTokens;
    u.outputTokens += p.outputTokens;
    if (p.cachedInputTokens) u.cachedInputTokens = (u.cachedInputTokens ?? 0) + p.cachedInputTokens;
  }
  return u;
}

export function addCost(parts: readonly (number | undefined)[]): number | undefined {
  const known = parts.filter((c): c is number => c !== undefined);
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) * 1e6) / 1e6 : undefined;
}

/** A model's case counts, from its case reports and their run records. */
export function modelSummary(cases: readonly CaseReport[]): ModelEvalReport['summary'] {
  const runs = cases.flatMap((c) => c.trace);
  return {
    cases: cases.length,
    pass: cases.filter((r) => r.verdict === 'pass').length,
    fail: cases.filter((r) => r.verdict === 'fail').length,
    inconclusive: cases.filter((r) => r.verdict === 'inconclusive').length,
    runs: runs.length,
    errors: runs.filter((r) => r.status === 'error').length,
    cacheHits: runs.filter((r) => r.fromCache).length,
  };
}
