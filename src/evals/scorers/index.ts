import { argumentsScorer } from './arguments.js';
import { deniedScorer } from './denied.js';
import { negativeScorer } from './negative.js';
import { selectionScorer } from './selection.js';
import { sequenceScorer } from './sequence.js';
import type { Scorer } from './types.js';

/** Deterministic scorers, in the order their verdicts are listed. */
export const SCORERS: readonly Scorer[] = [selectionScorer, argumentsScorer, sequenceScorer, negativeScorer, deniedScorer];

export { analyseArgs } from './arguments.js';
export { checkValue, lexicalSimilarity, normalize } from './match-value.js';
export { serverCalls, type Scorer, type Transcript } from './types.js';
