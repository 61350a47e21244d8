import { addSummaries, summarize } from '../../src/core/summary.js';
import type { CheckResult, Finding, Report, Status, TargetReport } from '../../src/core/types.js';
import type { EvalCaseResultView, EvalsView } from '../../src/core/evals-view.js';
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
      ? { sections: [{ id: 'contracts', title: 'Tool contracts', findings: t.findings.map((f) => ({ ruleId: 'risk/x', severity: 'error' as const, subject: 'tool', message: 'msg', ...f })) }] }
      : {}),
    summary: summarize(results),
    wire: [{ seq: 1, atMs: 1, from: 'server', channel: 'http', phase: 'probe', http: { status: 200 }, body: { jsonrpc: '2.0', id: 1, result: {} } }],
    wireDropped: 0,
    durationMs: 10,
  };
}

export function report(targets: TargetReport[], evals?: EvalsView, version = '0.1.0'): Report {
  const r: Report & { evals?: EvalsView } = {
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

/** A case result row; latencies default to one sample per run. */
export function row(caseId: string, model: string, passes: number, runs: number, extra: Partial<EvalCaseResultView> = {}): EvalCaseResultView {
  return {
    caseId,
    caseHash: `h-${caseId}`,
    tags: [],
    model,
    runs,
    passes,
    errors: 0,
    verdict: passes === runs ? 'pass' : passes === 0 ? 'fail' : 'flaky',
    latenciesMs: Array.from({ length: runs }, () => 100),
    ...extra,
  };
}

export function evals(results: EvalCaseResultView[], extra: Partial<EvalsView> = {}): EvalsView {
  const models = [...new Set(results.map((r) => r.model))].map((id) => ({ id, params: { temperature: 0 } }));
  return { goldenSet: { name: 'desk', hash: 'golden-1' }, catalogueHash: 'cat-1', harnessVersion: '0.1.0', models, results, ...extra };
}

/** `cases` rows of one model whose pooled counts are exactly passes/runs, spread over runs/5 cases of 5 runs. */
export function pooledRows(model: string, passes: number, runs: number, tags: string[] = []): EvalCaseResultView[] {
  const out: EvalCaseResultView[] = [];
  let left = passes;
  for (let i = 0; i < runs / 5; i++) {
    const c = Math.min(5, left);
    left -= c;
    out.push(row(`case-${String(i).padStart(3, '0')}`, model, c, 5, { tags }));
  }
  return out;
}
