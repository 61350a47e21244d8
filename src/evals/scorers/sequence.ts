import { inClass, serverCalls, type Scorer } from './types.js';

/** InOrder (METRICS §3): the expected tools occur in this order among the server calls (a subsequence; extras allowed). */
export const sequenceScorer: Scorer = {
  id: 'sequence',
  applies: (c) => c.sequence !== undefined,
  score({ expect, transcript }) {
    const seq = expect.sequence ?? [];
    const calls = serverCalls(transcript).map((c) => c.tool);
    let j = 0;
    for (const t of calls) if (j < seq.length && inClass(t, seq[j]!)) j++;
    const want = seq.map((s) => s.join('|')).join(' → ');
    if (j === seq.length) return { pass: true, value: 1, reason: `${want} in order` };
    return { pass: false, value: j / seq.length, reason: `expected ${want}; matched ${j} of ${seq.length} in order (calls: ${calls.join(', ') || 'none'})` };
  },
};
