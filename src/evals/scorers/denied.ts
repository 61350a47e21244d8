import { serverCalls, type Scorer } from './types.js';

/** Forbidden tools (METRICS §4): a run that calls any tool in `denied` fails. */
export const deniedScorer: Scorer = {
  id: 'denied',
  applies: (c) => c.denied.length > 0,
  score({ expect, transcript }) {
    const hit = [
      ...new Set(
        serverCalls(transcript)
          .map((c) => c.tool)
          .filter((t) => expect.denied.includes(t)),
      ),
    ];
    return hit.length ? { pass: false, value: 0, reason: `called denied tool ${hit.join(', ')}` } : { pass: true, value: 1, reason: 'no denied tool called' };
  },
};
