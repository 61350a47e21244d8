import type { CaseReport, ModelMetrics, RunRecord } from '../core/evals-report.js';
import type { ToolSpec, Usage } from '../core/provider.js';
import { passHatK, rate, type Rate } from '../core/stats.js';
import type { GoldenCase } from './golden-types.js';
import { analyseArgs, serverCalls } from './scorers/index.js';

export function addUsage(parts: readonly Usage[]): Usage {
  const u: Usage = { inputTokens: 0, outputTokens: 0 };
  for (const p of parts) {
    u.inputTokens += p.inputTokens;
    u.outputTokens += p.outputTokens;
    if (p.cachedInputTokens) u.cachedInputTokens = (u.cachedInputTokens ?? 0) + p.cachedInputTokens;
  }
  return u;
}

export function addCost(parts: readonly (number | undefined)[]): number | undefined {
  const known = parts.filter((c): c is number => c !== undefined);
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) * 1e6) / 1e6 : undefined;
}

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

/** Pooled rates over every completed run of a model (METRICS §1-4: pool, don't average ratios). */
export function modelMetrics(cases: readonly GoldenCase[], reports: readonly CaseReport[], tools: readonly ToolSpec[]): ModelMetrics {
  const count = { sel: [0, 0], arg: [0, 0], neg: [0, 0], seq: [0, 0], hal: [0, 0], req: [0, 0], den: [0, 0] };
  const falseHits = new Map<string, number>();
  const confusion: Record<string, Record<string, number>> = {};
  const bump = (k: keyof typeof count, ok: boolean) => {
    count[k][1]!++;
    if (ok) count[k][0]!++;
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
        for (const t of new Set(calls.map((x) => x.tool))) falseHits.set(t, (falseHits.get(t) ?? 0) + 1);
      }
      const seq = passed(run, 'sequence');
      if (seq !== undefined) bump('seq', seq);
      const den = passed(run, 'denied');
      if (den !== undefined) bump('den', !den);
      for (const call of calls) {
        if (!call.arguments) continue;
        const a = analyseArgs(call, tools.find((t) => t.name === call.tool));
        bump('hal', a.hallucinated.length > 0);
        bump('req', a.missingRequired.length > 0);
      }
      if (c.expectTool !== undefined) {
        const want = c.expectTool === null ? 'NONE' : c.expectTool.join('|');
        const got = calls[0]?.tool ?? 'NONE';
        (confusion[want] ??= {})[got] = (confusion[want]?.[got] ?? 0) + 1;
      }
    }
  });
  const r = (k: keyof typeof count): Rate => rate(count[k][0]!, count[k][1]!);
  const negRuns = count.neg[1]!;
  return {
    selectionAccuracy: r('sel'),
    argumentAccuracy: r('arg'),
    overTriggerRate: r('neg'),
    sequenceAccuracy: r('seq'),
    hallucinatedArgumentRate: r('hal'),
    missingRequiredRate: r('req'),
    deniedViolationRate: r('den'),
    falseTriggers: Object.fromEntries([...falseHits].sort(([a], [b]) => a.localeCompare(b)).map(([t, k]) => [t, rate(k, negRuns)])),
    confusion,
  };
}

/** A run passes when every deterministic, non-advisory assertion passed. */
export function runPassed(assertions: readonly { pass: boolean; advisory?: boolean }[]): boolean {
  return assertions.every((a) => a.pass || a.advisory);
}
