import { HEADER, MODERN_VERSION } from '../../spec/constants.js';
import { describe, errorOf } from '../../target/client.js';
import type { RequestOptions } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { HTTP_ONLY } from '../support/spec.js';
import { isObject, type JsonObject } from '../../spec/read.js';

/** Requests that each end in a different error path: dispatch, envelope, version and header validation. */
const CASES: { what: string; method: string; o: RequestOptions }[] = [
  { what: 'an unknown method', method: 'mcp-assay/no-such-method', o: {} },
  { what: 'a request without _meta', method: 'server/discover', o: { omit: ['meta'], headers: { [HEADER.protocolVersion]: MODERN_VERSION } } },
  { what: 'an unsupported protocol version', method: 'server/discover', o: { protocolVersion: '2099-01-01' } },
  { what: 'a mismatched Mcp-Method header', method: 'server/discover', o: { headers: { [HEADER.method]: 'tools/list' } } },
];

export const errorCarriesId: CheckDefinition = {
  id: 'http-transport/error-carries-id',
  title: 'every error response carries the id of the request it answers',
  level: 'MUST',
  spec: {
    revision: { since: '2024-11-05' },
    section: 'basic/index#responses',
    quote:
      'A response, error responses included, carries the id of the request it answers; only a request whose id cannot be read may be answered without one.',
  },
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'error-id-missing' }],
  async run(t) {
    let errors = 0;
    // A 2025-era server is asked only what a 2025 client sends; the other cases are 2026-07-28 envelope rules.
    const cases = t.probe.era === 'legacy' ? CASES.slice(0, 1) : CASES;
    for (const [i, c] of cases.entries()) {
      const id = i % 2 ? `mcp-assay-error-${i}` : 9000 + i;
      const ex = await t.request(c.method, {}, { ...c.o, id });
      if (ex.failure && !ex.response) t.inconclusive(`${c.what}: ${ex.failure.message}`, ex.evidence);
      // On an event stream an error without the id is not matched to the request: it sits among the others.
      const stray = ex.response ? undefined : ex.others.find((m): m is JsonObject => isObject(m) && 'error' in m);
      if (!errorOf(ex) && !stray) continue;
      errors++;
      const got = (ex.response ?? stray)?.id;
      if (got !== id)
        t.fail({
          message: `the error for ${c.what} ${got === undefined ? 'has no id' : `has id ${JSON.stringify(got)}`}`,
          expected: `id ${JSON.stringify(id)}`,
          actual: `${describe(ex)}, id ${JSON.stringify(got ?? null)}`,
          evidence: ex.evidence,
          hint: 'Copy the request id into every error response, including rejections by header and envelope validation.',
        });
    }
    if (!errors) return t.precondition('none of the requests meant to fail got an error response');
    t.note(`${errors} error response(s) checked`);
  },
};
