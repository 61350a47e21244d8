import type { TraceCall } from '../../core/evals-report.js';
import type { ToolSpec } from '../../core/provider.js';
import type { GoldenCase } from '../golden-types.js';
import type { SemanticScores } from '../semantic.js';

/** What a run produced, as the scorers see it. `calls` are in order; calls to tools the server lacks are kept and marked. */
export interface Transcript {
  calls: TraceCall[];
  finalText: string;
  tools: readonly ToolSpec[];
  /** Similarities of semantic argument pairs, computed by the runner before scoring (absent: lexical fallback). */
  semantic?: SemanticScores;
}

export interface ScoreInput {
  expect: GoldenCase;
  transcript: Transcript;
}

export interface Score {
  pass: boolean;
  value: number;
  reason: string;
}

/** A scorer is pure (ARCHITECTURE): repeats, rates and intervals belong to the runner. `applies` says whether the case asserts it. */
export interface Scorer {
  id: string;
  applies(c: GoldenCase): boolean;
  score(input: ScoreInput): Score;
}

/** A = the run's calls restricted to the server's tools (METRICS notation); unknown tools are tracked apart. */
export function serverCalls(t: Transcript): TraceCall[] {
  return t.calls.filter((c) => c.handling !== 'unknown-tool');
}

export const inClass = (tool: string, cls: readonly string[]) => cls.includes(tool);
