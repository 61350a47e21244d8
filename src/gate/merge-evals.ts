/**
 * Merging the `evals` parts of shard reports. Pooled metrics are counts (c, n) over disjoint sets of (case, model)
 * pairs, so adding the counts of the shards gives exactly the unsharded figures; rates and intervals are recomputed.
 */
import { wilson } from '../core/regression-stats.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRate = (v: unknown): v is { c: number; n: number } => isObj(v) && typeof v.c === 'number' && typeof v.n === 'number' && 'rate' in v;
const round = (x: number): number => Math.round(x * 1e4) / 1e4;

/** a + b for pooled data: rates add their counts, numbers add, objects merge key by key, anything else keeps a. */
export function addPooled(a: unknown, b: unknown): unknown {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (isRate(a) && isRate(b)) {
    const c = a.c + b.c;
    const n = a.n + b.n;
    if (n === 0) return { ...a, c, n, rate: null, lo: null, hi: null };
    const w = wilson(c, n);
    return { ...a, c, n, rate: round(c / n), lo: round(w.low), hi: round(w.high) };
  }
  if (typeof a === 'number' && typeof b === 'number') return Math.round((a + b) * 1e6) / 1e6;
  if (isObj(a) && isObj(b)) {
    const out: Obj = {};
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) out[k] = addPooled(a[k], b[k]);
    return out;
  }
  return a;
}

/** The eval command's shape: models[] {model, cases[], metrics, summary, usage, costUsd}; cases of one model concatenated. */
export function mergeEvalsReportParts(parts: readonly Obj[]): Obj {
  const first = parts[0]!;
  const byModel = new Map<string, Obj>();
  for (const p of parts) {
    for (const m of (p.models as Obj[]) ?? []) {
      const id = String(m.model);
      const prev = byModel.get(id);
      if (!prev) {
        byModel.set(id, { ...m, cases: [...((m.cases as Obj[]) ?? [])] });
        continue;
      }
      byModel.set(id, {
        ...prev,
        cases: [...(prev.cases as Obj[]), ...((m.cases as Obj[]) ?? [])],
        metrics: addPooled(prev.metrics, m.metrics),
        summary: addPooled(prev.summary, m.summary),
        usage: addPooled(prev.usage, m.usage),
        ...(prev.costUsd !== undefined || m.costUsd !== undefined ? { costUsd: addPooled(prev.costUsd, m.costUsd) } : {}),
        ...(prev.aborted || m.aborted ? { aborted: [prev.aborted, m.aborted].filter(Boolean).join('; ') } : {}),
      });
    }
  }
  const models = [...byModel.values()].map((m) => ({ ...m, cases: [...(m.cases as Obj[])].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1)) }));
  const merged: Obj = { ...first, models, problems: [...new Set(parts.flatMap((p) => (p.problems as string[]) ?? []))], durationMs: Math.max(...parts.map((p) => Number(p.durationMs) || 0)) };
  delete merged.shard;
  return merged;
}
