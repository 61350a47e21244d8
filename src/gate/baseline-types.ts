import type { Status } from '../core/types.js';

export const BASELINE_FORMAT = 'mcp-assay/baseline@1';

/** A failure the team accepted: it is expected to stay failing; when it passes, the entry is stale and the gate fails. */
export interface AcceptedFailure {
  /** A check id, or `contracts:<rule>@<subject>` for a contract finding. */
  id: string;
  expect: 'fail';
  reason: string;
}

export interface BaselineTarget {
  /** Config name of the server, or its display (URL or command line). */
  key: string;
  catalogueHash?: string;
  /** Status of every check in the green run. */
  checks: Record<string, Status>;
  /** Contract rule ids the green run knew (a finding of a rule outside this list is new, not a flip). */
  contractRules: string[];
  accepted: AcceptedFailure[];
}

export interface BaselineModelTelemetry {
  latencyP95Ms?: number;
  latencySamples: number;
  costUsd?: number;
  successes: number;
}

export interface BaselineEvals {
  goldenSet: { name?: string; hash: string };
  catalogueHash?: string;
  harnessMajor: number;
  models: { id: string; params: Record<string, unknown> }[];
  /** Per case: its hash, tags, and per model the pooled runs (passes / completed runs). */
  cases: Record<string, { hash: string; tags: string[]; models: Record<string, { passes: number; runs: number }> }>;
  telemetry: Record<string, BaselineModelTelemetry>;
}

/** The last green run, reduced to what the gate compares: small, key-sorted and free of timestamps, so diffs review well. */
export interface Baseline {
  format: typeof BASELINE_FORMAT;
  harness: { version: string };
  targets: BaselineTarget[];
  evals?: BaselineEvals;
}
