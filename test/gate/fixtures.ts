import { addSummaries, summarize } from '../../src/core/summary.js';
import type { CheckResult, Finding, Report, Status, TargetReport } from '../../src/core/types.js';
import type { EvalCaseResultView } from '../../src/core/evals-view.js';
import type { CaseReport, EvalsReport, ModelEvalReport, ModelMetrics, RunRecord } from '../../src/core/evals-report.js';
import { addCost, addUsage, emptyCounts, metricsFromCounts, modelSummary } from '../../src/core/evals-metrics.js';
import { passHatK, rate } from '../../src/core/stats.js';
import { REPORT_SCHEMA_ID } from '../../src/reporters/index.js';

export interface TargetFixture {
  name: string;
  checks: Record<string, Status>;
  findings?: Partial<Finding>[];
  catalogueHash?: string;
}

export function target(t: TargetFixture): TargetReport {
  const results: CheckResult[] = Object.entries(t.checks).map(([checkId, status]) => ({
    checkId,
    title: `title of ${checkId}`,
    area: checkId.split('/')[0]!,
    level: 'MUST',
    status,
    spec: { revision: { since: '2026-07-28' }, section: 'basic', quote: 'a requirement' },
    transports: ['http'],
    ...(status === 'fail' ? { message: `${checkId} failed`, expected: 'the right thing', actual: 'the wrong thing', evidence: [1] } : {}),
    durationMs: 3,
  }));
  return {
    target: { kind: 'http', display: `http://127.0.0.1:1/${t.name}`, name: t.name },
    era: 'modern',
    eraReason: 'server/discover answered',
    outcome: 'completed',
    results,
    ...(t.catalogueHash ? { catalogue: { hash: t.catalogueHash, tools: {} } } : {}),
    ...(t.findings
      ? {
          sections: [
            {
              id: 'contracts',
              title: 'Tool contracts',
              findings: t.findings.map((f) => ({ ruleId: 'risk/x', severity: 'error' as const, subject: 'tool', message: 'msg', ...f })),
            },
          ],
        }
      : {}),
    summary: summarize(results),
    wire: [{ seq: 1, atMs: 1, from: 'server', channel: 'http', phase: 'probe', http: { status: 200 }, body: { jsonrpc: '2.0', id: 1, result: {} } }],
    wireDropped: 0,
    durationMs: 10,
  };
}

export function report(targets: TargetReport[], evals?: EvalsReport, version = '0.1.0'): Report {
  const r: Report = {
    $schema: REPORT_SCHEMA_ID,
    schemaVersion: '1.0',
    tool: { name: 'mcp-assay', version },
    startedAt: '2026-12-01T10:00:00.000Z',
    finishedAt: '2026-12-01T10:00:01.000Z',
    durationMs: 1000,
    options: { strict: false },
    targets,
    summary: addSummaries(targets.map((t) => t.summary)),
  };
  if (evals) r.evals = evals;
  return r;
}

/**
 * What a test states about one case under one model; `evals()` turns rows into the real report part. `runs` counts
 * completed runs, `errors` the runs lost on top of them.
 */
export interface CaseRow extends EvalCaseResultView {
  /** Line of the case in the golden file (golden-set order). */
  line?: number;
}

/** A case result row; latencies default to one sample per run; the verdict is the hard gate's (all must pass). */
export function row(caseId: string, model: string, passes: number, runs: number, extra: Partial<CaseRow> = {}): CaseRow {
  const errors = extra.errors ?? 0;
  return {
    caseId,
    caseHash: `h-${caseId}`,
    tags: [],
    model,
    runs,
    passes,
    errors,
    verdict: errors > 1 || runs === 0 ? 'inconclusive' : passes === runs ? 'pass' : 'fail',
    latenciesMs: Array.from({ length: runs }, () => 100),
    ...extra,
  };
}

export interface EvalsExtra {
  goldenSet?: { name?: string; hash: string };
  catalogueHash?: string;
  /** Models in order (default: as they first appear in the rows), and their parameters (default temperature 0). */
  models?: string[];
  params?: Record<string, Record<string, unknown>>;
  shard?: EvalsReport['shard'];
}

const NO_USAGE = { inputTokens: 0, outputTokens: 0 };

/** The runs of a row as run records: passes first, then failures (with the row's failed-run evidence), then errors. */
function trace(r: CaseRow): RunRecord[] {
  const out: RunRecord[] = [];
  const usage = { inputTokens: 100, outputTokens: 10 };
  for (let i = 0; i < r.runs; i++) {
    const pass = i < r.passes;
    const evidence = pass ? undefined : r.failedRuns?.[i - r.passes];
    out.push({
      run: evidence?.run ?? i + 1,
      status: pass ? 'pass' : 'fail',
      assertions: [{ scorer: 'selection', pass, value: pass ? 1 : 0, reason: evidence?.reason ?? (pass ? 'called get' : 'called nothing') }],
      calls: (evidence?.calls ?? (pass ? [{ tool: 'get' }] : [])).map((c, k) => ({
        turn: 1,
        tool: c.tool,
        ...(c.args !== undefined ? { arguments: c.args as Record<string, unknown> } : {}),
        handling: 'executed' as const,
        isError: c.isError ?? false,
        resultDigest: `d${k}`,
        resultPreview: c.result ?? '',
        latencyMs: 5,
      })),
      turns: [],
      finalText: evidence?.answer ?? '',
      usage,
      latencyMs: r.latenciesMs[i] ?? 100,
    });
  }
  for (let i = 0; i < r.errors; i++)
    out.push({
      run: r.runs + i + 1,
      status: 'error',
      error: 'timeout: no answer',
      assertions: [],
      calls: [],
      turns: [],
      finalText: '',
      usage: NO_USAGE,
      latencyMs: 0,
    });
  return out;
}

function caseReport(r: CaseRow): CaseReport {
  const runs = trace(r);
  return {
    id: r.caseId,
    hash: r.caseHash,
    kind: 'positive',
    gate: 'hard',
    required: r.runs,
    tags: r.tags,
    ...(r.line !== undefined ? { line: r.line } : {}),
    runs: runs.length,
    passes: r.passes,
    errors: r.errors,
    n: r.runs,
    passRate: rate(r.passes, r.runs),
    passHatK: passHatK(r.passes, r.runs, r.runs),
    flaky: r.passes > 0 && r.passes < r.runs,
    verdict: r.verdict as CaseReport['verdict'],
    reason: `${r.passes}/${r.runs} passed`,
    usage: addUsage(runs.map((x) => x.usage)),
    ...(r.costUsd !== undefined ? { costUsd: r.costUsd } : {}),
    trace: runs,
  };
}

/** Selection pooled over completed runs; a pass called `get`, a failure called nothing. */
function metrics(rows: readonly CaseRow[]): ModelMetrics {
  const k = emptyCounts();
  for (const r of rows) {
    k.sel = [k.sel[0] + r.passes, k.sel[1] + r.runs];
    const row = (k.confusion.get ??= {});
    if (r.passes) row.get = (row.get ?? 0) + r.passes;
    if (r.runs > r.passes) row.NONE = (row.NONE ?? 0) + r.runs - r.passes;
  }
  return metricsFromCounts(k);
}

/** The real `evals` report part holding these rows (cases in row order per model). */
export function evals(rows: CaseRow[], extra: EvalsExtra = {}): EvalsReport {
  const ids = extra.models ?? [...new Set(rows.map((r) => r.model))];
  const golden = extra.goldenSet ?? { name: 'desk', hash: 'golden-1' };
  const models: ModelEvalReport[] = ids.map((model) => {
    const mine = rows.filter((r) => r.model === model);
    const cases = mine.map(caseReport);
    const cost = addCost(cases.map((c) => c.costUsd));
    return {
      model,
      params: extra.params?.[model] ?? { temperature: 0 },
      source: 'replay',
      metrics: metrics(mine),
      cases,
      summary: modelSummary(cases),
      usage: addUsage(cases.map((c) => c.usage)),
      ...(cost !== undefined ? { costUsd: cost } : {}),
    };
  });
  return {
    schemaVersion: '1.0',
    golden: { file: `golden/${golden.name ?? 'desk'}.yaml`, hash: golden.hash, cases: new Set(rows.map((r) => r.caseId)).size },
    target: 'desk',
    catalogueHash: extra.catalogueHash ?? 'cat-1',
    runsPerCase: 5,
    systemPromptHash: 'sys-1',
    prices: { date: '2026-11-01', source: 'built-in', models: {} },
    models,
    problems: [],
    durationMs: 1000,
    ...(extra.shard ? { shard: extra.shard } : {}),
  };
}

/** `cases` rows of one model whose pooled counts are exactly passes/runs, spread over runs/5 cases of 5 runs. */
export function pooledRows(model: string, passes: number, runs: number, tags: string[] = []): CaseRow[] {
  const out: CaseRow[] = [];
  let left = passes;
  for (let i = 0; i < runs / 5; i++) {
    const c = Math.min(5, left);
    left -= c;
    out.push(row(`case-${String(i).padStart(3, '0')}`, model, c, 5, { tags }));
  }
  return out;
}
