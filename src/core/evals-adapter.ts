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

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * The `eval` command's own shape: `golden {file, hash}`, `models[] {model, params, cases[] {id, tags, passes, errors,
 * n, verdict, costUsd, trace[] {run, status, latencyMs, calls, finalText, assertions}}}`. Its cases carry no hash of
 * their own yet; then the golden-set hash stands in, so any change to the set makes old case results not comparable.
 */
function fromEvalsReport(e: Obj, report: Report): EvalsView {
  const g = e.golden as Obj;
  if (typeof g.hash !== 'string') throw new EvalsShapeError('evals.golden.hash must be a string');
  const file = typeof g.file === 'string' ? g.file.split(/[\\/]/).pop()! : undefined;
  const models: EvalModelView[] = [];
  const results: EvalCaseResultView[] = [];
  (e.models as unknown[]).forEach((m, i) => {
    const where = `evals.models[${i}]`;
    if (!isObj(m)) throw new EvalsShapeError(`${where} must be an object`);
    const id = str(m, 'model', where);
    models.push({ id, params: isObj(m.params) ? m.params : {} });
    if (!Array.isArray(m.cases)) throw new EvalsShapeError(`${where}.cases must be an array`);
    m.cases.forEach((c, j) => {
      const cw = `${where}.cases[${j}]`;
      if (!isObj(c)) throw new EvalsShapeError(`${cw} must be an object`);
      const trace = Array.isArray(c.trace) ? c.trace.filter(isObj) : [];
      const caseHash = typeof c.hash === 'string' ? c.hash : `${g.hash}#${str(c, 'id', cw)}`;
      const failed = trace.filter((r) => r.status === 'fail');
      results.push({
        caseId: str(c, 'id', cw),
        caseHash,
        tags: Array.isArray(c.tags) ? c.tags.filter((t): t is string => typeof t === 'string') : [],
        model: id,
        runs: count(c, 'n', cw),
        passes: count(c, 'passes', cw),
        errors: count(c, 'errors', cw, 0),
        verdict: typeof c.verdict === 'string' ? c.verdict : 'unknown',
        latenciesMs: trace.filter((r) => r.status !== 'error').map((r) => num(r.latencyMs)).filter((x): x is number => x !== undefined),
        ...(num(c.costUsd) !== undefined ? { costUsd: num(c.costUsd)! } : {}),
        ...(failed.length
          ? {
              failedRuns: failed.map((r, k) => ({
                run: num(r.run) ?? k + 1,
                reason: Array.isArray(r.assertions) ? r.assertions.filter((a) => isObj(a) && a.pass === false && !a.advisory).map((a) => String((a as Obj).reason ?? '')).join('; ') : '',
                calls: Array.isArray(r.calls)
                  ? r.calls.filter(isObj).map((x) => ({ tool: String(x.tool ?? ''), ...(x.arguments !== undefined ? { args: x.arguments } : {}), isError: x.isError === true, ...(typeof x.resultPreview === 'string' ? { result: x.resultPreview } : {}) }))
                  : [],
                ...(typeof r.finalText === 'string' ? { answer: r.finalText } : {}),
              })),
            }
          : {}),
      });
    });
  });
  return {
    goldenSet: { hash: g.hash, ...(file ? { name: file } : {}) },
    ...(typeof e.catalogueHash === 'string' ? { catalogueHash: e.catalogueHash } : {}),
    harnessVersion: report.tool.version,
    models,
    results,
    ...shardOf(e),
  };
}

function shardOf(e: Obj): Pick<EvalsView, 'shard'> {
  const s = e.shard;
  return isObj(s) && typeof s.index === 'number' && typeof s.count === 'number' ? { shard: { index: s.index, count: s.count, ...(typeof s.runId === 'string' ? { runId: s.runId } : {}) } } : {};
}

/** The behaviour part of a report, or undefined when the report has none. Throws EvalsShapeError when it is malformed. */
export function readEvals(report: Report): EvalsView | undefined {
  const e = (report as unknown as Obj).evals;
  if (e === undefined) return undefined;
  if (!isObj(e)) throw new EvalsShapeError('evals must be an object');
  if (isObj(e.golden) && Array.isArray(e.models)) return fromEvalsReport(e, report);
  const g = e.goldenSet;
  if (!isObj(g) || typeof g.hash !== 'string') throw new EvalsShapeError('evals.goldenSet.hash must be a string');
  if (!Array.isArray(e.models)) throw new EvalsShapeError('evals.models must be an array');
  if (!Array.isArray(e.results)) throw new EvalsShapeError('evals.results must be an array');
  return {
    goldenSet: { hash: g.hash, ...(typeof g.name === 'string' ? { name: g.name } : {}) },
    ...(typeof e.catalogueHash === 'string' ? { catalogueHash: e.catalogueHash } : {}),
    harnessVersion: typeof e.harnessVersion === 'string' ? e.harnessVersion : report.tool.version,
    models: e.models.map(model),
    results: e.results.map(result),
    ...shardOf(e),
  };
}

/** A copy of `report` whose `evals` part is `view` (used by merge). */
export function withEvals<R extends Report>(report: R, view: EvalsView | undefined): R {
  const copy = { ...report } as R & { evals?: unknown };
  if (view) copy.evals = structuredClone(view);
  else delete copy.evals;
  return copy;
}
