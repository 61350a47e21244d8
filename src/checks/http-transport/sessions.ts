import { HEADER } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { HTTP_ONLY, since2026 } from '../support/spec.js';
import { legacyHandshake } from '../removed/support.js';

const SECTION = 'basic/transports/streamable-http#compatibility';
const SESSION = HEADER.sessionId.toLowerCase();

/** Requests of several kinds, so a session id minted on any path shows: a result, a list, an error, a notification. */
async function sampleExchanges(t: CheckContext): Promise<Exchange[]> {
  const out: Exchange[] = [];
  if (t.probe.discoverExchange) out.push(t.probe.discoverExchange);
  out.push(await t.request('server/discover', {}));
  if (t.shared.offers('tools') !== false) out.push(await t.request('tools/list', {}));
  out.push(await t.request('mcp-assay/no-such-method', {}));
  out.push(await t.client.notify('notifications/cancelled', { requestId: 'mcp-assay-never-sent', reason: 'session probe' }, { phase: t.checkId }));
  return out;
}

export const noSessionMinted: CheckDefinition = {
  id: 'http-transport/no-session-id',
  title: 'no response carries an Mcp-Session-Id header',
  level: 'SHOULD',
  spec: since2026(SECTION, 'Sessions were removed: a modern-only server SHOULD never mint session ids, so no response carries Mcp-Session-Id.', 2567),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'session-id-minted' }],
  async run(t) {
    const minted = (await sampleExchanges(t)).filter((ex) => ex.http?.headers[SESSION] !== undefined);
    if (!minted.length) return;
    const legacy = await legacyHandshake(t);
    if (legacy.dualEra) return t.note(`Mcp-Session-Id on ${minted.length} modern response(s), from a dual-era server (${legacy.summary})`);
    t.fail({
      message: `${minted.length} response(s) to modern requests carried Mcp-Session-Id (${minted.map((ex) => ex.request.method).join(', ')})`,
      expected: 'no Mcp-Session-Id header on any response',
      actual: minted.map((ex) => `${ex.request.method}: Mcp-Session-Id present`).join(' | '),
      evidence: [...minted.flatMap((ex) => ex.evidence), ...legacy.evidence],
      hint: 'Remove session management: 2026-07-28 is stateless and every request stands alone.',
    });
  },
};

export const sessionIgnored: CheckDefinition = {
  id: 'http-transport/session-id-ignored',
  title: 'a request carrying an unknown Mcp-Session-Id is served as if it had none',
  level: 'SHOULD',
  spec: since2026(SECTION, 'A modern-only server SHOULD ignore an Mcp-Session-Id header sent by an old client and serve the request normally.', 2567),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'session-id-enforced' }],
  async run(t) {
    const method = t.shared.offers('tools') !== false ? 'tools/list' : 'server/discover';
    const ex = await t.request(method, {}, { headers: { [HEADER.sessionId]: 'mcp-assay-unknown-session' } });
    if (ex.failure && !ex.response) t.inconclusive(`${method}: ${ex.failure.message}`, ex.evidence);
    if (resultOf(ex)) return;
    const legacy = await legacyHandshake(t);
    if (legacy.dualEra) return t.note(`${method} with an unknown Mcp-Session-Id got ${describe(ex)} from a dual-era server (${legacy.summary})`);
    t.fail({
      message: `${method} with an unknown Mcp-Session-Id was not served (${errorOf(ex) ? 'an error' : 'no result'})`,
      expected: 'the request served as usual (the header ignored)',
      actual: describe(ex),
      evidence: [...ex.evidence, ...legacy.evidence],
      hint: 'Do not look sessions up; ignore Mcp-Session-Id on 2026-07-28 requests.',
    });
  },
};
