import { describe, resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH } from '../support/spec.js';
import { legacySpec, listIssues, session, shapeIssues } from './support.js';

export const legacyPing: CheckDefinition = {
  id: 'legacy/ping',
  title: 'ping is answered promptly with an empty result (2025-11-25)',
  level: 'MUST',
  spec: legacySpec('basic/utilities/ping', 'Either side may send ping; the receiver answers promptly with an empty result.', '2024-11-05'),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'legacy', fault: 'ping-unimplemented' }],
  eras: ['legacy'],
  async run(t) {
    await session(t, async (s) => {
      const ex = await s.request('ping');
      if (ex.failure && !ex.response && ex.failure.failure !== 'timeout') t.inconclusive(`ping: ${ex.failure.message}`, ex.evidence);
      const r = resultOf(ex);
      const base = { expected: 'result {}', actual: describe(ex), evidence: ex.evidence };
      if (!r) return t.fail({ ...base, message: `ping was not answered with a result (${describe(ex)})` });
      const issues = shapeIssues('ping', ex);
      if (issues.length) t.fail({ ...base, message: `the ping response breaks the 2025-11-25 schema: ${listIssues(issues)}` });
      const extra = Object.keys(r).filter((k) => k !== '_meta');
      if (extra.length) t.fail({ ...base, message: `the ping result is not empty: it carries ${extra.join(', ')}`, actual: JSON.stringify(r).slice(0, 200) });
      t.note(`answered in ${Math.round(ex.durationMs)} ms`);
    });
  },
};
