import { HEADER, LEGACY_VERSION } from '../../spec/constants.js';
import type { CheckDefinition } from '../types.js';
import { raw, rawText } from '../http-transport/support.js';
import { HTTP_ONLY } from '../support/spec.js';
import { legacySpec, session } from './support.js';

export const legacyGetStreamOr405: CheckDefinition = {
  id: 'legacy/get-stream-or-405',
  title: 'a GET on the MCP endpoint opens an event stream or gets 405 (2025 Streamable HTTP)',
  level: 'MUST',
  spec: legacySpec(
    'basic/transports#listening-for-messages-from-the-server',
    'A client may GET the MCP endpoint to listen for server messages; the server answers with Content-Type: text/event-stream, or with 405 Method Not Allowed when it offers no such stream.',
    '2025-03-26',
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'legacy', fault: 'get-not-stream' }],
  eras: ['legacy'],
  async run(t) {
    // The shared session: no other check opens a GET stream in it, so a server's one-stream-per-session rule holds.
    await session(t, async (s) => {
      const negotiated = s.initResult?.protocolVersion;
      const headers: Record<string, string> = {
        accept: 'text/event-stream',
        [HEADER.protocolVersion]: typeof negotiated === 'string' ? negotiated : LEGACY_VERSION,
        ...(s.sessionId !== undefined ? { [HEADER.sessionId]: s.sessionId } : {}),
      };
      // A stream never ends: only the status and content type matter, so the body is cut quickly.
      const r = await raw(t, { method: 'GET', headers, endWithinMs: 300 });
      if (r.failure) return t.inconclusive(`GET: ${r.failure.message}`, r.evidence);
      if (r.status === 405) return t.note('GET got 405: the server offers no stream for server messages');
      if (r.status !== undefined && r.status >= 200 && r.status < 300 && r.sse) return t.note(`GET opened an event stream (HTTP ${r.status})`);
      if (r.status === 401 || r.status === 403)
        return t.inconclusive(`GET was refused with HTTP ${r.status} although the session's POSTs were served`, r.evidence);
      t.fail({
        message: `a GET on the MCP endpoint got ${rawText(r)}`,
        expected: 'HTTP 200 with Content-Type: text/event-stream, or HTTP 405',
        actual: rawText(r),
        evidence: [...s.init.evidence, ...r.evidence],
        hint: 'Answer GET on the MCP endpoint with an event stream for server messages, or with 405 Method Not Allowed if you offer none; health pages belong on another path.',
      });
    });
  },
};
