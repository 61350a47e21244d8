import { serverCalls, type Scorer } from './types.js';

/** Negative case (METRICS §4): the run passes iff no server tool was called; a clarifying answer is fine. */
export const negativeScorer: Scorer = {
  id: 'negative',
  applies: (c) => c.expectTool === null,
  score({ transcript }) {
    const called = [...new Set(serverCalls(transcript).map((c) => c.tool))];
    return called.length
      ? { pass: false, value: 0, reason: `no tool should be called; called ${called.join(', ')}` }
      : { pass: true, value: 1, reason: 'called no tool' };
  },
};
