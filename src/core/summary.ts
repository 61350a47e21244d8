import type { CheckResult, Report, Status, Summary, TargetReport } from './types.js';

export function emptySummary(): Summary {
  return { total: 0, pass: 0, fail: 0, warn: 0, skip: 0, preconditionFailed: 0, inconclusive: 0, error: 0 };
}

const KEY: Record<Status, keyof Summary> = {
  pass: 'pass',
  fail: 'fail',
  warn: 'warn',
  skip: 'skip',
  'precondition-failed': 'preconditionFailed',
  inconclusive: 'inconclusive',
  error: 'error',
};

export function summarize(results: readonly CheckResult[]): Summary {
  const s = emptySummary();
  for (const r of results) {
    s.total++;
    s[KEY[r.status]]++;
  }
  return s;
}

export function addSummaries(parts: readonly Summary[]): Summary {
  const s = emptySummary();
  for (const p of parts) for (const k of Object.keys(s) as (keyof Summary)[]) s[k] += p[k];
  return s;
}

/** Exit codes of `check`: 0 every MUST passed, 1 a MUST failed (or SHOULD with strict), 3 inconclusive. */
export const EXIT = { ok: 0, failed: 1, usage: 2, inconclusive: 3 } as const;

/** What fails a run besides a failed check: rule-based findings at error level (not waived) in these sections. */
export interface ExitPolicy {
  /** Contract findings count (`contracts`, or `check --fail-on-contracts`); `check` alone judges the protocol. */
  contracts?: boolean;
}

/** Sections whose error findings are about the protocol, not an opinion on the catalogue. */
const CONTRACT_SECTIONS = new Set(['contracts']);

/** A MUST failed, or (by policy) an error-level finding fired. `--strict` is applied when results are graded (a SHOULD miss becomes `fail`), so the exit code reads statuses only. */
export function targetFailed(t: TargetReport, policy: ExitPolicy = { contracts: true }): boolean {
  const counted = (s: { id: string }) => policy.contracts === true || !CONTRACT_SECTIONS.has(s.id);
  return (
    t.results.some((r) => r.status === 'fail') ||
    (t.sections ?? []).some((s) => counted(s) && s.findings.some((f) => f.severity === 'error' && f.waived === undefined))
  );
}

export function targetUndecided(t: TargetReport): boolean {
  // A contracts analysis that threw (ours, not the server's) leaves the run undecided even where contract findings do not count.
  const crashed = (t.sections ?? []).some((s) => s.findings.some((f) => f.ruleId === 'contracts/analysis-error'));
  return crashed || t.outcome === 'inconclusive' || t.results.some((r) => r.status === 'inconclusive' || r.status === 'error');
}

export function exitCodeFor(report: Report, policy: ExitPolicy = { contracts: true }): number {
  const evalCases = report.evals?.models.flatMap((m) => m.cases) ?? [];
  if (report.targets.some((t) => targetFailed(t, policy)) || evalCases.some((c) => c.verdict === 'fail')) return EXIT.failed;
  if (report.targets.some(targetUndecided) || evalCases.some((c) => c.verdict === 'inconclusive') || report.evals?.models.some((m) => m.aborted))
    return EXIT.inconclusive;
  return EXIT.ok;
}
