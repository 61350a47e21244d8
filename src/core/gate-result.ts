import type { Status } from '../core/types.js';

/** What happened to one check or contract finding between the baseline and this run. */
export type DeterministicKind =
  /** Was not failing (or not listed as an accepted failure), fails now: fails the gate. */
  | 'regressed'
  /** Listed as an accepted failure, passes now: the baseline entry is stale and fails the gate. */
  | 'stale'
  /** Not in the baseline (a check or rule the green run did not have): reported, not failed. */
  | 'new'
  /** In the baseline, not in this run (left out or removed): reported. */
  | 'gone'
  /** Could not decide this time (inconclusive, error): the run is inconclusive. */
  | 'undecided';

export interface DeterministicDelta {
  target: string;
  id: string;
  kind: DeterministicKind;
  from?: Status | 'accepted-failure' | 'absent';
  to?: Status | 'finding' | 'absent';
  /** The accepted failure's reason, or what the check said this time. */
  note?: string;
}

export type BehaviourVerdict = 'regression' | 'no_regression' | 'insufficient_data';

export interface Counts {
  passes: number;
  runs: number;
}

/** A pooled pass-rate comparison (METRICS §7) for a model, or a model and one tag. */
export interface PooledComparison {
  model: string;
  tag?: string;
  base: Counts;
  now: Counts;
  delta: number;
  low: number;
  high: number;
  verdict: BehaviourVerdict;
}

/** Per case, the hard rule: at least 4/5 before and at most 2/5 now. Fails the gate when the case is critical. */
export interface CaseRegression {
  caseId: string;
  model: string;
  base: Counts;
  now: Counts;
  critical: boolean;
}

export interface TelemetryComparison {
  model: string;
  metric: 'latency_p95_ms' | 'cost_per_success_usd';
  base?: number;
  now?: number;
  verdict: 'over_budget' | 'within_budget' | 'insufficient_data';
  reason: string;
}

export interface NotComparable {
  subject: string;
  reason: string;
}

export interface GateResult {
  passed: boolean;
  /** As for `check`: 0 passed, 1 failed, 3 nothing failed but something could not be decided. */
  exitCode: 0 | 1 | 3;
  /** One line per reason the gate failed (or could not decide). */
  reasons: string[];
  deterministic: DeterministicDelta[];
  /** Checks and findings that compared equal (counted, not listed). */
  unchanged: number;
  pooled: PooledComparison[];
  cases: CaseRegression[];
  telemetry: TelemetryComparison[];
  notComparable: NotComparable[];
  /** Behaviour of the new run at a glance (for the summary), per model. */
  models: { id: string; now: Counts }[];
}
