import type { CatalogueDigest } from './types.js';

export const HISTORY_FORMAT = 'mcp-assay/history@1';

/** One run in the history: what ran against what, and how it scored. One JSONL line each. */
export interface HistoryEntry {
  format: typeof HISTORY_FORMAT;
  /** When the run finished (ISO 8601). */
  time: string;
  /** Commit of the repository the run was made from, when known. */
  commit?: string;
  harnessVersion: string;
  /** Catalogue of the server the models saw (hash, and per tool when the report had it). */
  catalogue?: { hash: string; tools?: CatalogueDigest['tools'] };
  golden?: { name?: string; hash: string };
  models: { id: string; params: Record<string, unknown> }[];
  /** caseId -> its hash and, per model, [passes, completed runs]. */
  cases: Record<string, { hash: string; models: Record<string, [number, number]> }>;
  scores: {
    /** Conformance and contracts, all targets: checks passed, checks failed, error-level findings. */
    conformance: { pass: number; fail: number; total: number; findings: number };
    /** Pooled pass rate per model. */
    models: Record<string, { passes: number; runs: number }>;
  };
  latency: Record<string, { p95Ms?: number; samples: number }>;
  cost: Record<string, { usd?: number; perSuccessUsd?: number }>;
}

export type CauseKind = 'catalogue' | 'golden' | 'model' | 'harness' | 'nothing-visible';

export interface MoveCause {
  kind: CauseKind;
  detail: string;
}

/** A change in pass rate between two consecutive runs, with what changed between them. */
export interface HistoryMove {
  /** Indices into the entries. */
  from: number;
  to: number;
  model: string;
  /** Absent for the model's pooled rate. */
  caseId?: string;
  before: [number, number];
  after: [number, number];
  /** Newcombe 95% interval of the change; for pooled rates only. */
  interval?: { low: number; high: number };
  causes: MoveCause[];
}
