import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { obj } from '../../spec/read.js';

export const readMissingResource: CheckDefinition = {
  id: 'resources/read-missing',
  title: 'reading a missing resource gets -32602, never -32002 or empty contents',
  level: 'MUST',
  spec: since2026(
    'server/resources#errors',
    'A read of a resource that does not exist is answered with -32602 (formerly -32002), never with an empty contents array.',
    2164,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'resource-missing-empty' },
    { fixture: 'flawed-server', fault: 'resource-missing-legacy-code' },
  ],
  requires: 'resources',
  async run(t) {
    const first = obj((await t.shared.list('resources/list')).items[0]);
    const scheme = typeof first?.uri === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(first.uri) ? first.uri.split(':')[0] : 'mcp-assay';
    const uri = `${scheme}://mcp-assay-missing/${Date.now().toString(36)}`;
    const ex = await t.request('resources/read', { uri });
    if (ex.failure && !ex.response) return t.inconclusive(`resources/read ${uri}: ${ex.failure.message}`, ex.evidence);
    const err = errorOf(ex);
    const r = resultOf(ex);
    const base = { expected: 'error -32602 (data.uri recommended)', actual: describe(ex), evidence: ex.evidence };
    if (r && Array.isArray(r.contents) && r.contents.length === 0)
      return t.fail({ ...base, message: `reading ${uri} returned empty contents instead of an error` });
    if (r) return t.fail({ ...base, message: `reading ${uri} returned a result for a resource that cannot exist` });
    if (err?.code === ERROR.legacyResourceNotFound)
      return t.fail({ ...base, message: 'used the retired code -32002', hint: '2026-07-28 moved resource-not-found to -32602 (SEP-2164).' });
    if (err?.code !== ERROR.invalidParams) return t.fail({ ...base, message: `answered with ${describe(ex)}` });
    const data = obj(err.data);
    if (data?.uri !== uri) t.note('the error has no data.uri naming the resource (recommended)');
  },
};
