import type { EvalsView } from '../core/evals-view.js';
import { newcombe } from '../core/regression-stats.js';
import type { BaselineEvals } from './baseline-types.js';
import type { GateOptions } from './options.js';
import type { BehaviourVerdict, CaseRegression, Counts, NotComparable, PooledComparison } from '../core/gate-result.js';
import { canonicalJson } from '../core/canonical.js';

export interface Comparable {
  /** Model ids whose id and parameters match the baseline. */
  models: Set<string>;
  /** Case ids whose case hash matches the baseline. */
  cases: Set<string>;
  notComparable: NotComparable[];
}

/** Which models and cases may be compared (METRICS §7); everything else is listed with the reason. */
export function comparableParts(now: EvalsView, base: BaselineEvals, harnessMajorNow: number): Comparable {
  const out: Comparable = { models: new Set(), cases: new Set(), notComparable: [] };
  if (harnessMajorNow !== base.harnessMajor) {
    out.notComparable.push({ subject: 'behaviour', reason: `harness major version changed (${base.harnessMajor} -> ${harnessMajorNow})` });
    return out;
  }
  if (base.catalogueHash && now.catalogueHash && base.catalogueHash !== now.catalogueHash) {
    out.notComparable.push({
      subject: 'behaviour',
      reason: `the server catalogue changed (hash ${base.catalogueHash.slice(0, 12)} -> ${now.catalogueHash.slice(0, 12)}): tools or descriptions differ, so pass rates measure something else`,
    });
    return out;
  }
  const baseModels = new Map(base.models.map((m) => [m.id, m]));
  for (const m of now.models) {
    const b = baseModels.get(m.id);
    if (!b) out.notComparable.push({ subject: `model ${m.id}`, reason: 'not in the baseline' });
    else if (canonicalJson(b.params) !== canonicalJson(m.params))
      out.notComparable.push({ subject: `model ${m.id}`, reason: `parameters changed (${canonicalJson(b.params)} -> ${canonicalJson(m.params)})` });
    else out.models.add(m.id);
  }
  // Every row of a case must carry the baseline's case hash; one that differs makes the whole case not comparable.
  const nowCases = new Map<string, Set<string>>();
  for (const r of now.results) nowCases.set(r.caseId, (nowCases.get(r.caseId) ?? new Set()).add(r.caseHash));
  for (const [id, hashes] of [...nowCases].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const b = base.cases[id];
    if (!b) out.notComparable.push({ subject: `case ${id}`, reason: 'not in the baseline (a new case)' });
    else if (hashes.size !== 1 || !hashes.has(b.hash)) out.notComparable.push({ subject: `case ${id}`, reason: 'the case changed (case hash differs)' });
    else out.cases.add(id);
  }
  return out;
}

export function verdictFor(
  base: Counts,
  now: Counts,
  o: Pick<GateOptions, 'maxDrop' | 'minRuns'>,
): { delta: number; low: number; high: number; verdict: BehaviourVerdict } {
  const d = newcombe(now.passes, now.runs, base.passes, base.runs);
  let verdict: BehaviourVerdict = 'no_regression';
  if (base.runs < o.minRuns || now.runs < o.minRuns) verdict = 'insufficient_data';
  // The epsilon keeps a drop of exactly δ (e.g. 0.90 -> 0.88) from slipping through on floating-point noise.
  else if (d.high < 0 && d.delta <= -o.maxDrop + 1e-12) verdict = 'regression';
  return { ...d, verdict };
}

const add = (a: Counts, passes: number, runs: number): void => {
  a.passes += passes;
  a.runs += runs;
};

/** Pooled per model and per (model, tag), over comparable cases only; plus the per-case hard rule. */
export function compareBehaviour(now: EvalsView, base: BaselineEvals, c: Comparable, o: GateOptions): { pooled: PooledComparison[]; cases: CaseRegression[] } {
  const pools = new Map<string, { model: string; tag?: string; base: Counts; now: Counts }>();
  const pool = (model: string, tag?: string) => {
    const k = `${model}\u0000${tag ?? ''}`;
    let p = pools.get(k);
    if (!p) pools.set(k, (p = { model, ...(tag !== undefined ? { tag } : {}), base: { passes: 0, runs: 0 }, now: { passes: 0, runs: 0 } }));
    return p;
  };
  const cases: CaseRegression[] = [];
  const rows = [...now.results].filter((r) => c.models.has(r.model) && c.cases.has(r.caseId));
  rows.sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : a.caseId < b.caseId ? -1 : 1));
  for (const r of rows) {
    const b = base.cases[r.caseId]!.models[r.model];
    if (!b) continue;
    for (const tag of [undefined, ...new Set(r.tags)]) {
      const p = pool(r.model, tag);
      add(p.base, b.passes, b.runs);
      add(p.now, r.passes, r.runs);
    }
    // METRICS §7 hard rule, stated for N = 5 (>= 4/5 before, <= 2/5 now); with fewer than 5 runs it says nothing.
    if (b.runs >= 5 && r.runs >= 5 && b.passes * 5 >= 4 * b.runs && r.passes * 5 <= 2 * r.runs)
      cases.push({
        caseId: r.caseId,
        model: r.model,
        base: { passes: b.passes, runs: b.runs },
        now: { passes: r.passes, runs: r.runs },
        critical: r.tags.includes(o.criticalTag),
      });
  }
  const pooled = [...pools.values()].map((p) => ({ ...p, ...verdictFor(p.base, p.now, o) }));
  pooled.sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : (a.tag ?? '') < (b.tag ?? '') ? -1 : 1));
  return { pooled, cases };
}
