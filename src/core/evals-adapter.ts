/**
 * The one place that reads a report's `evals` part as the narrow EvalsView the gate, history and HTML report use. The part is read
 * defensively: a report from elsewhere may lack it or carry a broken one, and that must be a clear error, not a crash.
 */
import type { Report } from './types.js';
import type { EvalCaseResultView, EvalModelView, EvalsView } from './evals-view.js';
import { textOf } from './text-of.js';

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

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * The `eval` command's own shape: `golden {file, hash}`, `models[] {model, params, cases[] {id, tags, passes, errors,
 * n, verdict, costUsd, hash, trace[] {run, status, latencyMs, calls, finalText, assertions}}}`. A case without a hash
 * (a report from before cases had one) gets the golden-set hash instead, so any change to the set makes it not comparable.
 */
function fromEvalsReport(e: Obj, report: Report): EvalsView {
  const g = e.golden as Obj;
  if (typeof g.hash !== 'string') throw new EvalsShapeError('evals.golden.hash must be a string');
  const goldenHash = g.hash;
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
      const caseHash = typeof c.hash === 'string' ? c.hash : `${goldenHash}#${str(c, 'id', cw)}`;
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
        latenciesMs: trace
          .filter((r) => r.status !== 'error')
          .map((r) => num(r.latencyMs))
          .filter((x): x is number => x !== undefined),
        ...(num(c.costUsd) !== undefined ? { costUsd: num(c.costUsd)! } : {}),
        ...(failed.length
          ? {
              failedRuns: failed.map((r, k) => ({
                run: num(r.run) ?? k + 1,
                reason: Array.isArray(r.assertions)
                  ? r.assertions
                      .filter((a) => isObj(a) && a.pass === false && !a.advisory)
                      .map((a) => textOf((a as Obj).reason))
                      .join('; ')
                  : '',
                calls: Array.isArray(r.calls)
                  ? r.calls.filter(isObj).map((x) => ({
                      tool: textOf(x.tool),
                      ...(x.arguments !== undefined ? { args: x.arguments } : {}),
                      isError: x.isError === true,
                      ...(typeof x.resultPreview === 'string' ? { result: x.resultPreview } : {}),
                    }))
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
  return isObj(s) && typeof s.index === 'number' && typeof s.count === 'number'
    ? { shard: { index: s.index, count: s.count, ...(typeof s.runId === 'string' ? { runId: s.runId } : {}) } }
    : {};
}

/** The behaviour part of a report, or undefined when the report has none. Throws EvalsShapeError when it is malformed. */
export function readEvals(report: Report): EvalsView | undefined {
  const e = (report as unknown as Obj).evals;
  if (e === undefined) return undefined;
  if (!isObj(e)) throw new EvalsShapeError('evals must be an object');
  if (!isObj(e.golden)) throw new EvalsShapeError('evals.golden must be an object');
  if (!Array.isArray(e.models)) throw new EvalsShapeError('evals.models must be an array');
  return fromEvalsReport(e, report);
}
