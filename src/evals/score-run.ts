import type { AssertionResult } from '../core/evals-report.js';
import type { GoldenCase } from './golden-types.js';
import { SCORERS, type Transcript } from './scorers/index.js';

/** Every deterministic scorer that applies to the case, on one run's transcript. */
export function scoreRun(c: GoldenCase, transcript: Transcript): AssertionResult[] {
  return SCORERS.filter((s) => s.applies(c)).map((s) => ({ scorer: s.id, ...s.score({ expect: c, transcript }) }));
}
