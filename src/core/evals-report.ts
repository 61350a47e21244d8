import type { Rate } from './stats.js';
import type { Usage } from './provider.js';

/** Version of the `evals` part of the report; a reader checks it before trusting field names. */
export const EVALS_SCHEMA_VERSION = '1.0';

/**
 * Verdict of a case for one model. `inconclusive`: more than one run errored, or none completed (METRICS §6);
 * never read as a pass.
 */
export type CaseVerdict = 'pass' | 'fail' | 'inconclusive';
export type RunStatus = 'pass' | 'fail' | 'error';

/** One tool call in a run's trace, as the harness handled it. */
export interface TraceCall {
  turn: number;
  tool: string;
  arguments?: Record<string, unknown>;
  /** Set when the model's arguments were not a JSON object; the raw text is kept. */
  argumentsError?: string;
  rawArguments?: string;
  /** How the harness answered: run against the server, simulated (may write, not allowed), or refused. */
  handling: 'executed' | 'simulated' | 'unknown-tool' | 'bad-arguments' | 'server-error';
  isError: boolean;
  /** sha256 of the result text (first 16 hex), and its first characters. */
  resultDigest: string;
  resultPreview: string;
  latencyMs: number;
}

export interface TraceTurn {
  turn: number;
  text: string;
  toolCalls: number;
  usage: Usage;
  latencyMs: number;
  costUsd?: number;
}

export interface AssertionResult {
  /** Scorer id: selection, arguments, negative, sequence, denied, judge. */
  scorer: string;
  pass: boolean;
  value: number;
  reason: string;
  /** Reported but does not decide the run (advisory judge, ArgSemantic not opted in). */
  advisory?: boolean;
}

export interface RunRecord {
  run: number;
  status: RunStatus;
  /** Why the run is `error`. */
  error?: string;
  assertions: AssertionResult[];
  calls: TraceCall[];
  turns: TraceTurn[];
  finalText: string;
  /** True when max_turns stopped the loop before the model finished. */
  truncated?: boolean;
  fromCache?: boolean;
  usage: Usage;
  costUsd?: number;
  latencyMs: number;
}

export interface CaseReport {
  id: string;
  /** sha256 of the case's canonical definition as loaded: a changed case is not comparable with its old runs. */
  hash: string;
  kind: 'positive' | 'negative' | 'sequence';
  gate: 'hard' | 'soft';
  /** Passes needed out of the completed runs for the gate. */
  required: number;
  tags: string[];
  /** Source line of the case in the golden file. */
  line?: number;
  runs: number;
  passes: number;
  errors: number;
  /** Completed runs (runs − errors). */
  n: number;
  passRate: Rate;
  passHatK: number | null;
  flaky: boolean;
  verdict: CaseVerdict;
  reason: string;
  usage: Usage;
  costUsd?: number;
  trace: RunRecord[];
}

export interface ModelMetrics {
  selectionAccuracy: Rate;
  argumentAccuracy: Rate;
  overTriggerRate: Rate;
  sequenceAccuracy: Rate;
  hallucinatedArgumentRate: Rate;
  missingRequiredRate: Rate;
  deniedViolationRate: Rate;
  /** Negative runs calling the tool / negative runs. */
  falseTriggers: Record<string, Rate>;
  /** expected first tool (or NONE) -> actual first tool (or NONE) -> runs. */
  confusion: Record<string, Record<string, number>>;
}

export interface ModelEvalReport {
  model: string;
  params: Record<string, unknown>;
  /** `replay` when answers came from a cassette: no model was asked. */
  source: 'live' | 'replay';
  metrics: ModelMetrics;
  cases: CaseReport[];
  summary: { cases: number; pass: number; fail: number; inconclusive: number; runs: number; errors: number; cacheHits: number };
  usage: Usage;
  costUsd?: number;
  /** Fatal problem that stopped this model's eval (auth failure, unknown model), when one did. */
  aborted?: string;
}

export interface PriceEntry {
  inputPerMTok: number;
  outputPerMTok: number;
  cachedInputPerMTok?: number;
}

export interface EvalsReport {
  schemaVersion: typeof EVALS_SCHEMA_VERSION;
  golden: { file: string; hash: string; cases: number };
  target: string;
  catalogueHash: string;
  runsPerCase: number;
  systemPromptHash: string;
  prices: { date: string; source: string; models: Record<string, PriceEntry> };
  models: ModelEvalReport[];
  /** Task-completion judge, when one was used (METRICS §5). */
  judge?: { model: string; promptVersion: string; gating: boolean; rubrics: { case: string; file: string; hash: string }[] };
  /** Problems that are no case's fault (the server died, a model could not be reached). */
  problems: string[];
  durationMs: number;
  /** Set on a shard's report (`eval --shard i/n`): which slice of cases × models it ran, and the run it belongs to. */
  shard?: { index: number; count: number; runId: string };
}
