import { HEADER, MODERN_VERSION } from '../../spec/constants.js';
import { describe, errorOf, McpClient, resultOf } from '../../target/client.js';
import { HARNESS_INFO } from '../../target/envelope.js';
import { openTransport } from '../../target/open.js';
import type { Exchange } from '../../target/transport.js';
import { UnauditedRecorder } from '../../target/unaudited-recorder.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

const HINT = `Answer a 2025-era initialize with an error whose data.supported lists your versions (e.g. -32022, data: { supported: ["${MODERN_VERSION}"] }), so an old client can report what to upgrade to.`;

export const initializeListsVersions: CheckDefinition = {
  id: 'removed/initialize-lists-versions',
  title: 'a modern-only server names its supported versions in the error to a 2025-era initialize',
  level: 'SHOULD',
  spec: since2026('basic/versioning', 'A modern-only server SHOULD list its supported versions in any error it returns to initialize.'),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'initialize-versions-unlisted' },
    { fixture: 'flawed-server', fault: 'meta-unchecked' },
  ],
  async run(t) {
    const ex = await legacyInitialize(t);
    if (resultOf(ex)) return t.note('a 2025-era initialize was served: the server serves both eras, so the requirement does not apply');
    const err = errorOf(ex);
    if (!err) return t.inconclusive(`initialize: ${describe(ex)}`, ex.evidence);
    const supported = (err.data as { supported?: unknown } | undefined)?.supported;
    if (Array.isArray(supported) && supported.length > 0 && supported.every((v) => typeof v === 'string'))
      return t.note(`the error lists ${supported.join(', ')}`);
    t.fail({
      message: `a 2025-era initialize got ${describe(ex)}, which does not name the versions the server speaks`,
      expected: 'an error with data.supported: a non-empty array of protocol versions',
      actual: JSON.stringify(err).slice(0, 300),
      evidence: ex.evidence,
      hint: HINT,
    });
  },
};

/** A plain 2025-era initialize (no _meta, no modern headers) over a second connection, kept from the wire audit. */
async function legacyInitialize(t: CheckContext): Promise<Exchange> {
  const second = openTransport(t.spec, new UnauditedRecorder(t.client.recorder));
  try {
    const client = new McpClient(second, t.client.recorder, {
      timeoutMs: t.transport === 'http' ? t.options.timeoutMs : Math.max(t.options.timeoutMs, 10_000),
      phase: t.checkId,
    });
    const msg = {
      jsonrpc: '2.0' as const,
      id: `initialize-${client.nextId()}`,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: HARNESS_INFO },
    };
    return await client.requestRaw(msg, { headers: { [HEADER.protocolVersion]: null, [HEADER.method]: null } });
  } finally {
    await second.close();
  }
}
