import { HEADER, MODERN_VERSION } from '../../spec/constants.js';
import type { CheckDefinition } from '../types.js';
import { HTTP_ONLY, since2026 } from '../support/spec.js';
import { legacyHandshake } from '../removed/support.js';
import { raw, rawText } from './support.js';

export const oldVerbs405: CheckDefinition = {
  id: 'http-transport/get-delete-405',
  title: 'GET and DELETE on the MCP endpoint get 405 Method Not Allowed',
  level: 'SHOULD',
  spec: since2026(
    'basic/transports/streamable-http#compatibility',
    'The endpoint takes POST only: a modern-only server SHOULD answer the old GET stream and DELETE session requests with 405.',
    2567,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'http-old-verbs-served' }],
  async run(t) {
    const tries: { method: string; headers: Record<string, string> }[] = [
      { method: 'GET', headers: { accept: 'text/event-stream', [HEADER.protocolVersion]: MODERN_VERSION } },
      { method: 'DELETE', headers: { [HEADER.protocolVersion]: MODERN_VERSION, [HEADER.sessionId]: 'mcp-assay-no-such-session' } },
    ];
    const wrong: { what: string; actual: string; evidence: number[] }[] = [];
    for (const o of tries) {
      // An old GET opens an endless stream: only the status matters, so the body is cut quickly.
      const r = await raw(t, { ...o, endWithinMs: 300 });
      if (r.failure) t.inconclusive(`${o.method}: ${r.failure.message}`, r.evidence);
      if (r.status !== 405) wrong.push({ what: o.method, actual: `${o.method}: ${rawText(r)}`, evidence: r.evidence });
    }
    if (!wrong.length) return;
    // The SHOULD is for modern-only servers; a dual-era server keeps its 2025 GET stream and sessions.
    const legacy = await legacyHandshake(t);
    if (legacy.dualEra) return t.note(`${wrong.map((w) => w.actual).join('; ')}: allowed, as ${legacy.summary} (dual-era)`);
    t.fail({
      message: `${wrong.map((w) => w.what).join(' and ')} did not get 405 from a modern-only server`,
      expected: 'HTTP 405 (with Allow: POST)',
      actual: wrong.map((w) => w.actual).join(' | '),
      evidence: [...wrong.flatMap((w) => w.evidence), ...legacy.evidence],
      hint: 'Answer every verb but POST with 405 and Allow: POST; 2026-07-28 has no GET stream and no sessions.',
    });
  },
};
