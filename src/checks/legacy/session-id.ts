import type { CheckDefinition } from '../types.js';
import { HTTP_ONLY } from '../support/spec.js';
import { legacySpec, session } from './support.js';

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export const legacySessionIdVisibleAscii: CheckDefinition = {
  id: 'legacy/session-id-visible-ascii',
  title: 'an Mcp-Session-Id holds only visible ASCII (2025 Streamable HTTP)',
  level: 'MUST',
  spec: legacySpec(
    'basic/transports#session-management',
    'A server may mint a session id in the initialize response header Mcp-Session-Id; the id contains only visible ASCII characters (0x21 to 0x7E).',
    '2025-03-26',
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'legacy', fault: 'session-id-invalid' }],
  eras: ['legacy'],
  async run(t) {
    await session(t, async (s) => {
      const sid = s.sessionId;
      if (sid === undefined) return t.precondition('the server mints no Mcp-Session-Id (sessions are optional in the 2025 era)');
      const bad = [...sid].flatMap((c, i) => (VISIBLE_ASCII.test(c) ? [] : [`U+${c.codePointAt(0)!.toString(16).padStart(4, '0')} at ${i}`]));
      // The id itself is a credential (the wire record masks it): report where it goes wrong, not its value.
      if (bad.length)
        t.fail({
          message: `the session id has ${bad.length} character(s) outside 0x21-0x7E`,
          expected: 'visible ASCII only, e.g. a UUID',
          actual: `${sid.length} characters; ${bad.slice(0, 5).join(', ')}`,
          evidence: s.init.evidence,
        });
      else t.note(`session id of ${sid.length} characters`);
    });
  },
};
