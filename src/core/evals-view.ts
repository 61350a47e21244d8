/**
 * The fields of a behaviour run (layer 1) that the gate, history, merge and HTML report read. Kept narrow on purpose:
 * `evals-adapter.ts` is the one place that maps the report's `evals` part onto this view.
 */
export interface EvalModelView {
  /** `vendor:model`. */
  id: string;
  /** Sampling parameters that change behaviour (temperature, max tokens, …), as recorded. */
  params: Record<string, unknown>;
}

/** One failed run kept as evidence: the calls made and why it failed. */
export interface FailedRunView {
  run: number;
  reason: string;
  calls: { tool: string; args?: unknown; isError?: boolean; result?: string }[];
  answer?: string;
}

/** One case under one model: N runs pooled. */
export interface EvalCaseResultView {
  caseId: string;
  /** Hash of the canonical case; a changed case is not comparable with its old runs. */
  caseHash: string;
  tags: string[];
  model: string;
  /** Completed runs (infra errors excluded, METRICS §6). */
  runs: number;
  passes: number;
  /** Runs lost to infra errors. */
  errors: number;
  /** The runner's verdict for the case, e.g. `pass`, `fail`, `flaky`, `inconclusive`. */
  verdict: string;
  /** End-to-end latency of each completed run, ms. */
  latenciesMs: number[];
  /** Total cost of the runs, USD. */
  costUsd?: number;
  failedRuns?: FailedRunView[];
}

export interface EvalsView {
  goldenSet: { name?: string; hash: string };
  /** Hash of the server catalogue the models saw. */
  catalogueHash?: string;
  /** Version of the harness that ran the cases (`tool.version` of the report). */
  harnessVersion: string;
  models: EvalModelView[];
  results: EvalCaseResultView[];
  /** Set on a shard's report: which slice of (case × model) it ran, and the run it belongs to. */
  shard?: { index: number; count: number; runId?: string };
}
