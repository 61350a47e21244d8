import { inClass, serverCalls, type Scorer } from './types.js';

/** First-call accuracy (METRICS §1): the first call to a server tool is the expected tool (or one of its class). */
export const selectionScorer: Scorer = {
  id: 'selection',
  applies: (c) => Array.isArray(c.expectTool),
  score({ expect, transcript }) {
    const cls = expect.expectTool ?? [];
    const first = serverCalls(transcript)[0];
    if (!first) return { pass: false, value: 0, reason: `expected ${cls.join(' | ')}, but no server tool was called` };
    const ok = inClass(first.tool, cls);
    return { pass: ok, value: ok ? 1 : 0, reason: ok ? `called ${first.tool} first` : `expected ${cls.join(' | ')} first, called ${first.tool}` };
  },
};
