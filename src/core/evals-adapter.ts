/**
 * The one place that reads (and writes) a report's `evals` part as the narrow EvalsView. The part is read
 * defensively: a report from elsewhere may lack it or carry a broken one, and that must be a clear error, not a crash.
 */
import type { Report } from './types.js';
import type { EvalCaseResultView, EvalModelView, EvalsView, FailedRunView } from './evals-view.js';

export class EvalsShapeError extends Error {
  override name = 'EvalsShapeError';
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(o: Obj, k: string, where: string): string {
  const v = o[k];
  if (typeof v !== 'string') throw new EvalsShapeError(`${where}.${k} must be a string`);
  return v;
}

function count(o: Obj, k: string, where: string, fallback?: number): number {
  const v = o[k] ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new EvalsShapeError(`${where}.${k} must be a whole number >= 0`);
  return v;
}

function model(v: unknown, i: number): EvalModelView {
  const where = `evals.models[${i}]`;
  if (!isObj(v)) throw new EvalsShapeError(`${where} must be an object`);
  return { id: str(v, 'id', where), params: isObj(v.params) ? v.params : {} };
}

function failedRuns(v: unknown): FailedRunView[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter(isObj).map((r, i) => ({
    run: typeof r.run === 'number' ? r.run : i + 1,
    reason: typeof r.reason === 'string' ? r.reason : '',
    calls: Array.isArray(r.calls)
      ? r.calls.filter(isObj).map((c) => ({
          tool: String(c.tool ?? ''),
          ...(c.args !== undefined ? { args: c.args } : {}),
          ...(typeof c.isError === 'boolean' ? { isError: c.isError } : {}),
          ...(c.result !== undefined ? { result: typeof c.result === 'string' ? c.result : JSON.stringify(c.result) } : {}),
        }))
      : [],
    ...(typeof r.answer === 'string' ? { answer: r.answer } : {}),
  }));
}

function result(v: unknown, i: number): EvalCaseResultView {
  const where = `evals.results[${i}]`;
  if (!isObj(v)) throw new EvalsShapeError(`${where} must be an object`);
  const runs = count(v, 'runs', where);
  const passes = count(v, 'passes', where);
  if (passes > runs) throw new EvalsShapeError(`${where}: passes (${passes}) exceed runs (${runs})`);
  const lat = Array.isArray(v.latenciesMs) ? v.latenciesMs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)) : [];
  const fr = failedRuns(v.failedRuns);
  return {
    caseId: str(v, 'caseId', where),
    caseHash: str(v, 'caseHash', where),
    tags: Array.isArray(v.tags) ? v.tags.filter((t): t is string => typeof t === 'string') : [],
    model: str(v, 'model', where),
    runs,
    passes,
    errors: count(v, 'errors', where, 0),
    verdict: typeof v.verdict === 'string' ? v.verdict : 'unknown',
    latenciesMs: lat,
    ...(typeof v.costUsd === 'number' && Number.isFinite(v.costUsd) ? { costUsd: v.costUsd } : {}),
    ...(fr ? { failedRuns: fr } : {}),
  };
}

/** The behaviour part of a report, or undefined when the report has none. Throws EvalsShapeError when it is malformed. */
export function readEvals(report: Report): EvalsView | undefined {
  const e = (report as unknown as Obj).evals;
  if (e === undefined) return undefined;
  if (!isObj(e)) throw new EvalsShapeError('evals must be an object');
  const g = e.goldenSet;
  if (!isObj(g) || typeof g.hash !== 'string') throw new EvalsShapeError('evals.goldenSet.hash must be a string');
  if (!Array.isArray(e.models)) throw new EvalsShapeError('evals.models must be an array');
  if (!Array.isArray(e.results)) throw new EvalsShapeError('evals.results must be an array');
  const s = e.shard;
  return {
    goldenSet: { hash: g.hash, ...(typeof g.name === 'string' ? { name: g.name } : {}) },
    ...(typeof e.catalogueHash === 'string' ? { catalogueHash: e.catalogueHash } : {}),
    harnessVersion: typeof e.harnessVersion === 'string' ? e.harnessVersion : report.tool.version,
    models: e.models.map(model),
    results: e.results.map(result),
    ...(isObj(s) && typeof s.index === 'number' && typeof s.count === 'number'
      ? { shard: { index: s.index, count: s.count, ...(typeof s.runId === 'string' ? { runId: s.runId } : {}) } }
      : {}),
  };
}

/** A copy of `report` whose `evals` part is `view` (used by merge). */
export function withEvals<R extends Report>(report: R, view: EvalsView | undefined): R {
  const copy = { ...report } as R & { evals?: unknown };
  if (view) copy.evals = structuredClone(view);
  else delete copy.evals;
  return copy;
}
