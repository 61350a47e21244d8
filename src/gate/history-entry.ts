import type { Report } from '../core/types.js';
import { readEvals } from '../core/evals-adapter.js';
import { percentile } from '../core/regression-stats.js';
import { HISTORY_FORMAT, type HistoryEntry } from '../core/history-types.js';
import { contractErrorIds } from './keys.js';

const round = (x: number, d: number): number => Math.round(x * 10 ** d) / 10 ** d;

/** The history line of a finished report. Pure: the caller supplies the commit. */
export function historyEntry(report: Report, o: { commit?: string } = {}): HistoryEntry {
  const e = readEvals(report);
  const digest = report.targets.find((t) => t.catalogue)?.catalogue;
  const catalogueHash = e?.catalogueHash ?? digest?.hash;
  const cases: HistoryEntry['cases'] = {};
  const models: HistoryEntry['scores']['models'] = {};
  const latency: HistoryEntry['latency'] = {};
  const cost: HistoryEntry['cost'] = {};
  for (const m of e?.models ?? []) {
    const rows = e!.results.filter((r) => r.model === m.id);
    const passes = rows.reduce((s, r) => s + r.passes, 0);
    models[m.id] = { passes, runs: rows.reduce((s, r) => s + r.runs, 0) };
    const samples = rows.flatMap((r) => r.latenciesMs);
    const p95 = percentile(samples, 0.95);
    latency[m.id] = { ...(p95 !== undefined ? { p95Ms: round(p95, 2) } : {}), samples: samples.length };
    const priced = rows.filter((r) => r.costUsd !== undefined);
    const usd = priced.reduce((s, r) => s + r.costUsd!, 0);
    cost[m.id] = priced.length ? { usd: round(usd, 6), ...(passes ? { perSuccessUsd: round(usd / passes, 6) } : {}) } : {};
  }
  for (const r of e?.results ?? []) {
    const c = (cases[r.caseId] ??= { hash: r.caseHash, models: {} });
    c.models[r.model] = [r.passes, r.runs];
  }
  const all = report.targets.flatMap((t) => t.results);
  return {
    format: HISTORY_FORMAT,
    time: report.finishedAt,
    ...(o.commit ? { commit: o.commit } : {}),
    harnessVersion: report.tool.version,
    ...(catalogueHash ? { catalogue: { hash: catalogueHash, ...(digest && digest.hash === catalogueHash ? { tools: digest.tools } : {}) } } : {}),
    ...(e ? { golden: e.goldenSet } : {}),
    models: (e?.models ?? []).map((m) => ({ id: m.id, params: m.params })),
    cases,
    scores: {
      conformance: {
        pass: all.filter((r) => r.status === 'pass').length,
        fail: all.filter((r) => r.status === 'fail').length,
        total: all.length,
        findings: report.targets.reduce((s, t) => s + contractErrorIds(t).length, 0),
      },
      models,
    },
    latency,
    cost,
  };
}
