import { randomBytes } from 'node:crypto';
import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

/** The paginated list methods and the capability each needs (PAGINATION §operations). */
const LISTS = [
  ['tools/list', 'tools'],
  ['prompts/list', 'prompts'],
  ['resources/list', 'resources'],
  ['resources/templates/list', 'resources'],
] as const;

export const invalidCursor: CheckDefinition = {
  id: 'pagination/invalid-cursor',
  title: 'a cursor the server never issued gets -32602 on every list method',
  level: 'SHOULD',
  spec: since2026(
    'server/utilities/pagination#error-handling',
    'Invalid cursors should result in an error with code -32602 (Invalid params) rather than a page of results.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'cursor-ignored' }],
  async run(t) {
    // Opaque tokens are the server's own; this one it cannot have issued.
    const cursor = `mcp-assay-invalid-cursor-${randomBytes(6).toString('hex')}`;
    let tried = 0;
    for (const [method, cap] of LISTS) {
      if (t.shared.offers(cap) === false) continue;
      // A list that fails without a cursor is discover/capabilities-match's finding, not this one's.
      const plain = (await t.shared.list(method)).pages[0];
      if (!plain || !resultOf(plain)) continue;
      tried++;
      const ex = await t.request(method, { cursor });
      if (ex.failure && !ex.response) return t.inconclusive(`${method} with an invalid cursor: ${ex.failure.message}`, ex.evidence);
      if (errorOf(ex)?.code === ERROR.invalidParams) continue;
      t.fail({
        message: `${method} with the cursor "${cursor}" ${resultOf(ex) ? 'served a page of results' : `answered ${describe(ex)}`}`,
        expected: 'error -32602 (Invalid params)',
        actual: describe(ex),
        evidence: ex.evidence,
        hint: 'Reject cursors you did not issue (or that expired) with -32602, so clients restart the listing instead of trusting a wrong page.',
      });
    }
    if (!tried) return t.precondition('the server offers no list method that answers');
    t.note(`${tried} list method(s) tried`);
  },
};
