/** Thresholds of the gate (METRICS §7); every one can be set on the command line. */
export interface GateOptions {
  /** δ: smallest drop in pooled pass rate that counts as a regression. */
  maxDrop: number;
  /** n_min: pooled runs needed on each side before a verdict. */
  minRuns: number;
  /** Cases carrying this tag fail the gate when the per-case hard rule trips. */
  criticalTag: string;
  /** Δ_ms: p95 latency may grow by this much (and by 20%) before it fails. */
  latencyBudgetMs: number;
  latencyRatio: number;
  latencyMinSamples: number;
  /** Cost per successful task may grow by this fraction. */
  costIncrease: number;
}

export const DEFAULT_GATE_OPTIONS: GateOptions = {
  maxDrop: 0.02,
  minRuns: 20,
  criticalTag: 'critical',
  latencyBudgetMs: 250,
  latencyRatio: 1.2,
  latencyMinSamples: 20,
  costIncrease: 0.25,
};
