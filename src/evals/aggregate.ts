import type { CaseReport, ModelMetrics, RunRecord } from '../core/evals-report.js';
import type { ToolSpec } from '../core/provider.js';
import { passHatK, rate } from '../core/stats.js';
import { addCost, addUsage, emptyCounts, metricsFromCounts, type MetricCounts } from '../core/evals-metrics.js';

export { addCost, addUsage };
import type { GoldenCase } from './golden-types.js';
import { analyseArgs, serverCalls } from './scorers/index.js';

/** Passes needed among n completed runs: hard = all, soft = 4/5 scaled to n (METRICS §6). */
export function requiredPasses(gate: 'hard' | 'soft', n: number): number {
  return gate === 'hard' ? n : Math.ceil(0.8 * n - 1e-9);
}

/** A case's runs -> its verdict, rate and interval. More than one errored run (or none completed) is inconclusive. */
export function caseReport(c: GoldenCase, runs: RunRecord[]): CaseReport {
  const errors = runs.filter((r) => r.status === 'error').length;
  const n = runs.length - errors;
  const passes = runs.filter((r) => r.status === 'pass').length;
  const required = requiredPasses(c.gate, n);
  let verdict: CaseReport['verdict'];
  let reason: string;
  if (errors > 1 || n === 0) {
    verdict = 'inconclusive';
    const why = runs.find((r) => r.error)?.error ?? 'no run completed';
    reason = `${errors} of ${runs.length} runs errored (${why}); more than one error means the case cannot be decided`;
  } else if (passes >= required) {
    verdict = 'pass';
    reason = `${passes}/${n} passed (${c.gate} gate needs ${required})`;
  } else {
    verdict = 'fail';
    const firstFail = runs.find((r) => r.status === 'fail')?.assertions.find((a) => !a.pass && !a.advisory);
    reason = `${passes}/${n} passed, ${c.gate} gate needs ${required}${firstFail ? `: ${firstFail.reason}` : ''}`;
  }
  const cost = addCost(runs.map((r) => r.costUsd));
  return {
    id: c.id,
    hash: c.hash,
    kind: c.kind,
    gate: c.gate,
    required,
    tags: c.tags,
    line: c.line,
    runs: runs.length,
    passes,
    errors,
    n,
    passRate: rate(passes, n),
    passHatK: passHatK(passes, n, n),
    flaky: passes > 0 && passes < n,
    verdict,
    reason,
    usage: addUsage(runs.map((r) => r.usage)),
    ...(cost !== undefined ? { costUsd: cost } : {}),
    trace: runs,
  };
}

const passed = (r: RunRecord, scorer: string) => r.assertions.find((a) => a.scorer === scorer)?.pass;

/** Pooled rates over every completed run of a model (METRICS §1-4): run records tallied, then the shared arithmetic. */
export function modelMetrics(cases: readonly GoldenCase[], reports: readonly CaseReport[], tools: readonly ToolSpec[]): ModelMetrics {
  const k: MetricCounts = emptyCounts();
  const bump = (key: 'sel' | 'arg' | 'neg' | 'seq' | 'hal' | 'req' | 'den', ok: boolean) => {
    k[key][1]++;
    if (ok) k[key][0]++;
  };
  cases.forEach((c, i) => {
    for (const run of reports[i]?.trace ?? []) {
      if (run.status === 'error') continue;
      const calls = serverCalls({ calls: run.calls, finalText: '', tools });
      const sel = passed(run, 'selection');
      if (sel !== undefined) bump('sel', sel);
      if (sel) {
        const arg = passed(run, 'arguments');
        if (arg !== undefined) bump('arg', arg);
      }
      const neg = passed(run, 'negative');
      if (neg !== undefined) {
        bump('neg', !neg);
        for (const t of new Set(calls.map((x) => x.tool))) k.falseHits[t] = (k.falseHits[t] ?? 0) + 1;
      }
      const seq = passed(run, 'sequence');
      if (seq !== undefined) bump('seq', seq);
      const den = passed(run, 'denied');
      if (den !== undefined) bump('den', !den);
      for (const call of calls) {
        if (!call.arguments) continue;
        const a = analyseArgs(
          call,
          tools.find((t) => t.name === call.tool),
        );
        bump('hal', a.hallucinated.length > 0);
        bump('req', a.missingRequired.length > 0);
      }
      if (c.expectTool !== undefined) {
        const want = c.expectTool === null ? 'NONE' : c.expectTool.join('|');
        const got = calls[0]?.tool ?? 'NONE';
        (k.confusion[want] ??= {})[got] = (k.confusion[want]?.[got] ?? 0) + 1;
      }
    }
  });
  return metricsFromCounts(k);
}

/** A run passes when every deterministic, non-advisory assertion passed. */
export function runPassed(assertions: readonly { pass: boolean; advisory?: boolean }[]): boolean {
  return assertions.every((a) => a.pass || a.advisory);
}
