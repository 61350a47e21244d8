import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH } from '../support/spec.js';
import { advertises, legacySpec, session } from './support.js';
import { obj } from '../../spec/read.js';

export const legacyResourceNotFound: CheckDefinition = {
  id: 'legacy/resource-not-found',
  title: 'reading a missing resource gets a JSON-RPC error, -32002 in the 2025 era',
  level: 'SHOULD',
  spec: legacySpec(
    'server/resources#error-handling',
    'Common failures are answered with standard JSON-RPC errors; resource not found uses -32002 (2026-07-28 moves it to -32602).',
    '2024-11-05',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'legacy', fault: 'resource-missing-empty' }],
  eras: ['legacy'],
  async run(t) {
    await session(t, async (s) => {
      if (!advertises(s, 'resources')) t.skip('the initialize result does not advertise the resources capability (an optional capability)');
      const listed = resultOf(await s.request('resources/list'))?.resources;
      const first = Array.isArray(listed) ? obj(listed[0]) : undefined;
      const scheme = typeof first?.uri === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(first.uri) ? first.uri.split(':')[0] : 'mcp-assay';
      const uri = `${scheme}://mcp-assay-missing/${Date.now().toString(36)}`;
      const ex = await s.request('resources/read', { uri });
      if (ex.failure && !ex.response) t.inconclusive(`resources/read ${uri}: ${ex.failure.message}`, ex.evidence);
      const base = { expected: 'error -32002 (resource not found)', actual: describe(ex), evidence: ex.evidence };
      const r = resultOf(ex);
      if (r && Array.isArray(r.contents) && r.contents.length === 0)
        return t.fail({ ...base, message: `reading ${uri} returned empty contents instead of an error` });
      if (r) return t.fail({ ...base, message: `reading ${uri} returned a result for a resource that cannot exist` });
      const code = errorOf(ex)?.code;
      if (code === ERROR.legacyResourceNotFound) return t.note('answered -32002');
      // -32602 is the code SEP-2164 settled on and 2026-07-28 requires; a dual-era handler cannot give both.
      if (code === ERROR.invalidParams) return t.note('answered -32602, the 2026-07-28 code (2025-11-25 recommended -32002)');
      t.fail({ ...base, message: `reading ${uri} was answered with ${describe(ex)}`, hint: 'Answer -32002 (2025-11-25) or -32602 (2026-07-28, SEP-2164).' });
    });
  },
};
