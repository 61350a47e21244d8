import { HEADER } from '../../spec/constants.js';
import { McpClient, describe, errorOf, resultOf, type RpcError } from '../../target/client.js';
import { HARNESS_INFO } from '../../target/envelope.js';
import { HttpTransport } from '../../target/http.js';
import { endCopy, spareCopy } from '../stdio/support.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext } from '../types.js';

/** The oldest revision with Streamable HTTP: a server that agrees to it serves pre-2025-06-18 clients. */
export const OLDEST_HTTP_VERSION = '2025-03-26';

export interface LegacyHandshake {
  /** The server answered a 2025-era `initialize` with a result: it serves both eras (VER, dual-era). */
  dualEra: boolean;
  /** The version the server agreed to, when it did. */
  agreed?: string;
  /** One line for notes and findings. */
  summary: string;
  /** The answer in a few words (`describe`), and its error object when the server refused. */
  answer: string;
  error?: RpcError;
  evidence: number[];
}

/**
 * Whether the server also serves 2025-era clients, asked once per target with a plain legacy `initialize`
 * (no `_meta`, no modern headers). It goes over a second connection, or a second process on stdio: a handshake
 * may pin a stdio connection to the old era (DIGEST §k), and the run's own connection must stay modern.
 */
export function legacyHandshake(t: CheckContext): Promise<LegacyHandshake> {
  return t.shared.once('removed:legacy-handshake', () => ask(t));
}

async function ask(t: CheckContext): Promise<LegacyHandshake> {
  const msg = {
    jsonrpc: '2.0' as const,
    id: `legacy-initialize-${t.client.nextId()}`,
    method: 'initialize',
    params: { protocolVersion: OLDEST_HTTP_VERSION, capabilities: {}, clientInfo: HARNESS_INFO },
  };
  // Its own connection or process, recorded as evidence but kept from the 2026-07-28 wire audit.
  const second = await spareCopy(t.shared, t.spec, t.client.recorder, 'legacy-copy');
  let ex: Exchange;
  let agreed: string | undefined;
  try {
    const client = new McpClient(second, t.client.recorder, {
      timeoutMs: t.timeouts.respawnRequest,
      phase: 'shared',
      ...(t.client.defaults.signal ? { signal: t.client.defaults.signal } : {}),
    });
    ex = await client.requestRaw(msg, { headers: { [HEADER.protocolVersion]: null, [HEADER.method]: null } });
    const r = resultOf(ex);
    agreed = typeof r?.protocolVersion === 'string' ? r.protocolVersion : undefined;
    const session = ex.http?.headers[HEADER.sessionId.toLowerCase()];
    // A 2025 server may have opened a session for the handshake: end it as a 2025 client would (DELETE).
    if (session && second instanceof HttpTransport)
      await second.raw({
        method: 'DELETE',
        headers: { [HEADER.sessionId]: session, ...(agreed ? { [HEADER.protocolVersion]: agreed } : {}) },
        phase: 'shared',
        timeoutMs: t.timeouts.request,
      });
  } finally {
    await endCopy(t.shared, second, () => second.close());
  }
  return {
    dualEra: agreed !== undefined,
    ...(agreed ? { agreed } : {}),
    summary: agreed ? `a 2025-era initialize was served (protocolVersion ${agreed})` : `a 2025-era initialize got ${describe(ex)}`,
    answer: describe(ex),
    ...(errorOf(ex) ? { error: errorOf(ex) } : {}),
    evidence: ex.evidence,
  };
}
