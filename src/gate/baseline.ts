import type { Report, Status } from '../core/types.js';
import { readEvals } from '../core/evals-adapter.js';
import { percentile } from '../core/regression-stats.js';
import { BASELINE_FORMAT, type AcceptedFailure, type Baseline, type BaselineEvals, type BaselineTarget } from './baseline-types.js';
import { GateInputError } from './errors.js';
import { readJsonFile } from './load.js';
import { contractErrorIds, targetKey } from './keys.js';

export const harnessMajor = (version: string): number => Number(version.split('.')[0]) || 0;
const DEFAULT_REASON = 'failing when this baseline was recorded';

function targetBaseline(t: Report['targets'][number], contractRules: readonly string[], previous?: BaselineTarget): BaselineTarget {
  const reasons = new Map((previous?.accepted ?? []).map((a) => [a.id, a.reason]));
  const checks: Record<string, Status> = {};
  for (const r of [...t.results].sort((a, b) => (a.checkId < b.checkId ? -1 : 1))) checks[r.checkId] = r.status;
  const failing = [...t.results.filter((r) => r.status === 'fail').map((r) => r.checkId), ...contractErrorIds(t)].sort();
  const accepted: AcceptedFailure[] = failing.map((id) => ({ id, expect: 'fail', reason: reasons.get(id) ?? DEFAULT_REASON }));
  return {
    key: targetKey(t),
    ...(t.catalogue ? { catalogueHash: t.catalogue.hash } : {}),
    checks,
    contractRules: [...new Set([...contractRules, ...(previous?.contractRules ?? [])])].sort(),
    accepted,
  };
}

function evalsBaseline(report: Report): BaselineEvals | undefined {
  const e = readEvals(report);
  if (!e) return undefined;
  const cases: BaselineEvals['cases'] = {};
  const lat = new Map<string, number[]>();
  const cost = new Map<string, { usd?: number; successes: number }>();
  for (const r of [...e.results].sort((a, b) => (a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : a.model < b.model ? -1 : 1))) {
    const c = (cases[r.caseId] ??= { hash: r.caseHash, tags: [...r.tags].sort(), models: {} });
    c.models[r.model] = { passes: r.passes, runs: r.runs };
    lat.set(r.model, [...(lat.get(r.model) ?? []), ...r.latenciesMs]);
    const k = cost.get(r.model) ?? { successes: 0 };
    k.successes += r.passes;
    if (r.costUsd !== undefined) k.usd = (k.usd ?? 0) + r.costUsd;
    cost.set(r.model, k);
  }
  const telemetry: BaselineEvals['telemetry'] = {};
  for (const m of [...e.models].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const samples = lat.get(m.id) ?? [];
    const p95 = percentile(samples, 0.95);
    const k = cost.get(m.id) ?? { successes: 0 };
    telemetry[m.id] = {
      ...(p95 !== undefined ? { latencyP95Ms: Math.round(p95 * 100) / 100 } : {}),
      latencySamples: samples.length,
      ...(k.usd !== undefined ? { costUsd: Math.round(k.usd * 1e6) / 1e6 } : {}),
      successes: k.successes,
    };
  }
  return {
    goldenSet: e.goldenSet,
    ...(e.catalogueHash ? { catalogueHash: e.catalogueHash } : {}),
    harnessMajor: harnessMajor(e.harnessVersion),
    models: [...e.models].sort((a, b) => (a.id < b.id ? -1 : 1)).map((m) => ({ id: m.id, params: m.params })),
    cases,
    telemetry,
  };
}

/** The baseline a green `report` makes; reasons written by hand in `previous` are kept for entries still failing. */
export function baselineFromReport(report: Report, opts: { contractRules?: readonly string[]; previous?: Baseline } = {}): Baseline {
  const prev = new Map((opts.previous?.targets ?? []).map((t) => [t.key, t]));
  const targets = report.targets.map((t) => targetBaseline(t, opts.contractRules ?? [], prev.get(targetKey(t)))).sort((a, b) => (a.key < b.key ? -1 : 1));
  const evals = evalsBaseline(report);
  return { format: BASELINE_FORMAT, harness: { version: report.tool.version }, targets, ...(evals ? { evals } : {}) };
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/** Byte-stable text: sorted keys, two-space indent, trailing newline. */
export function serializeBaseline(b: Baseline): string {
  return JSON.stringify(sortKeys(b), null, 2) + '\n';
}

export async function loadBaseline(file: string): Promise<Baseline> {
  const v = (await readJsonFile(file, 'baseline')) as Partial<Baseline> | null;
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new GateInputError(file, 'not an mcp-assay baseline (expected a JSON object)');
  if (v.format !== BASELINE_FORMAT) {
    if ((v as Record<string, unknown>).schemaVersion !== undefined)
      throw new GateInputError(file, 'this is a report, not a baseline; make one with `mcp-assay gate --update-baseline`');
    throw new GateInputError(file, `not an mcp-assay baseline (format must be "${BASELINE_FORMAT}", found ${JSON.stringify(v.format ?? null)})`);
  }
  if (!Array.isArray(v.targets) || !v.harness || typeof v.harness.version !== 'string')
    throw new GateInputError(file, 'the baseline is incomplete (no targets or harness version)');
  for (const [i, t] of v.targets.entries()) {
    if (!t || typeof t.key !== 'string' || !t.checks || typeof t.checks !== 'object' || !Array.isArray(t.accepted) || !Array.isArray(t.contractRules))
      throw new GateInputError(file, `targets[${i}] is incomplete (key, checks, contractRules and accepted are required)`);
    for (const [j, a] of t.accepted.entries()) {
      if (!a || typeof a.id !== 'string' || a.expect !== 'fail' || typeof a.reason !== 'string' || !a.reason.trim())
        throw new GateInputError(file, `targets[${i}].accepted[${j}] needs an id, expect: "fail" and a reason`);
    }
  }
  const e = v.evals;
  if (e !== undefined && (!e || typeof e.goldenSet?.hash !== 'string' || !e.cases || typeof e.cases !== 'object' || !Array.isArray(e.models) || !e.telemetry))
    throw new GateInputError(file, 'evals is incomplete (goldenSet.hash, models, cases and telemetry are required)');
  return v as Baseline;
}
