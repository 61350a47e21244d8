import { describe } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { HTTP_ONLY } from '../support/spec.js';
import { UNSUPPORTED_VERSION } from '../stdio/support.js';
import { legacySpec, session } from './support.js';

/** The revision that introduced the header: a session that negotiated an older one has no header to check. */
const HEADER_SINCE = '2025-06-18';

export const legacyVersionHeader: CheckDefinition = {
  id: 'legacy/protocol-version-header',
  title: 'a request naming an MCP-Protocol-Version the server does not support gets 400 (2025 Streamable HTTP)',
  level: 'MUST',
  spec: legacySpec(
    'basic/transports#protocol-version-header',
    'After initialization every HTTP request carries MCP-Protocol-Version; a server that receives an invalid or unsupported version MUST respond with 400 Bad Request.',
    HEADER_SINCE,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'legacy', fault: 'version-header-unchecked' }],
  eras: ['legacy'],
  async run(t) {
    await session(t, async (s) => {
      const agreed = s.initResult?.protocolVersion;
      if (typeof agreed === 'string' && agreed < HEADER_SINCE)
        return t.precondition(`the session negotiated ${agreed}, before the header was introduced in ${HEADER_SINCE}`);
      const ex = await s.requestNaming(UNSUPPORTED_VERSION, 'ping');
      const what = `ping in the session with MCP-Protocol-Version: ${UNSUPPORTED_VERSION}`;
      if (ex.http?.status === 400) return t.note(`${what} got ${describe(ex)}`);
      if (!ex.http) t.inconclusive(`${what}: ${describe(ex)}`, ex.evidence);
      t.fail({
        message: `${what}, a version it does not support, got ${describe(ex)}`,
        expected: 'HTTP 400 Bad Request',
        actual: describe(ex),
        evidence: ex.evidence,
        hint: 'Check MCP-Protocol-Version on every request after initialize, and answer a version the server does not support with 400.',
      });
    });
  },
};
