import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, McpClient, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import { openTransport } from '../../target/open.js';
import { freshCopy } from '../stdio/support.js';
import { UnauditedRecorder } from '../../target/unaudited-recorder.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { BOTH, since2026 } from '../support/spec.js';
import { legacyHandshake } from './support.js';
import { obj } from '../../spec/read.js';

const SECTION = 'changelog#major-changes';
const HINT = 'Drop the handler: removed methods are answered like any unknown method (-32601, HTTP 404).';

/** A URI to name in (un)subscribe requests: the server's first resource, or one that cannot exist. */
async function someUri(t: CheckContext): Promise<string> {
  if (t.shared.offers('resources') === false) return 'mcp-assay://no-such-resource';
  const first = obj((await t.shared.list('resources/list')).items[0]);
  return typeof first?.uri === 'string' ? first.uri : 'mcp-assay://no-such-resource';
}

function removed(method: string, slug: string, quote: string, params: (t: CheckContext) => Promise<JsonObject>): CheckDefinition {
  return {
    id: `removed/${slug}`,
    title: `the removed method ${method} gets -32601 (HTTP 404)`,
    level: 'MUST',
    spec: since2026(SECTION, quote, 2575),
    transports: [...BOTH],
    trippedBy: [
      { fixture: 'flawed-server', fault: 'removed-methods-served' },
      { fixture: 'flawed-server', fault: 'unknown-method-wrong' },
    ],
    async run(t) {
      const ex = await t.request(method, await params(t));
      if (resultOf(ex)) {
        t.fail({
          message: `${method} was served although 2026-07-28 removed it`,
          expected: 'error -32601 (HTTP 404 on Streamable HTTP)',
          actual: describe(ex),
          evidence: ex.evidence,
          hint: HINT,
        });
        return;
      }
      expectError(t, ex, { code: ERROR.methodNotFound, httpStatus: 404, what: `request for the removed method ${method}`, hint: HINT });
    },
  };
}

export const removedPing = removed(
  'ping',
  'ping',
  'ping was removed without replacement; a modern server answers it with -32601 (HTTP 404).',
  async () => ({}),
);

export const removedSetLevel = removed(
  'logging/setLevel',
  'logging-set-level',
  'logging/setLevel was removed (the level travels per request in _meta); a modern server answers it with -32601 (HTTP 404).',
  async () => ({ level: 'info' }),
);

export const removedSubscribe = removed(
  'resources/subscribe',
  'resources-subscribe',
  'resources/subscribe was removed in favour of subscriptions/listen; a modern server answers it with -32601 (HTTP 404).',
  async (t) => ({ uri: await someUri(t) }),
);

export const removedUnsubscribe = removed(
  'resources/unsubscribe',
  'resources-unsubscribe',
  'resources/unsubscribe was removed in favour of subscriptions/listen; a modern server answers it with -32601 (HTTP 404).',
  async (t) => ({ uri: await someUri(t) }),
);

export const removedInitialize: CheckDefinition = {
  id: 'removed/initialize',
  title: 'initialize gets -32601 (HTTP 404) unless the server also serves 2025-era clients',
  level: 'MUST',
  spec: since2026(
    'basic/versioning',
    'initialize was removed: a modern-only server answers it with -32601 (HTTP 404); a dual-era server MAY still answer it for 2025-era clients.',
    2575,
  ),
  transports: [...BOTH],
  slow: 'a second connection (a second server process on stdio)',
  trippedBy: [
    { fixture: 'flawed-server', fault: 'initialize-wrong-code' },
    { fixture: 'flawed-server', fault: 'unknown-method-wrong' },
  ],
  async run(t) {
    // As the official suite sends it: the modern envelope and headers, no legacy params (removed methods, §c).
    const ex = await initializeExchange(t);
    const err = errorOf(ex);
    if (err?.code === ERROR.methodNotFound && (t.transport !== 'http' || ex.http?.status === 404)) return;
    if (resultOf(ex)) return t.note('initialize was answered: a dual-era server, which MAY serve it');
    if (ex.failure && !ex.response) t.inconclusive(`initialize: ${ex.failure.message}`, ex.evidence);
    // Any other answer is fine from a server that serves 2025-era clients: initialize is theirs (VER).
    const legacy = await legacyHandshake(t);
    if (legacy.dualEra)
      return t.note(`initialize with the modern envelope got ${describe(ex)}; ${legacy.summary}, so the server is dual-era and MAY keep initialize`);
    t.fail({
      message: `initialize got ${describe(ex)} from a modern-only server (${legacy.summary})`,
      expected: 'error -32601 (HTTP 404 on Streamable HTTP), or an InitializeResult from a dual-era server',
      actual: describe(ex),
      evidence: [...ex.evidence, ...legacy.evidence],
      hint: HINT,
    });
  },
};

/**
 * initialize over a second connection (a second process on stdio, where it may switch the connection to the old
 * era), kept from the wire audit: a dual-era server answers it with a 2025-era result.
 */
async function initializeExchange(t: CheckContext): Promise<Exchange> {
  // On stdio, the copy stdio/exit-on-eof then closes: one start for the two.
  const copy = await freshCopy(t);
  if (copy.initialize) return copy.initialize;
  const second = openTransport(t.spec, new UnauditedRecorder(t.client.recorder));
  try {
    const client = new McpClient(second, t.client.recorder, {
      timeoutMs: t.timeouts.respawnRequest,
      phase: t.checkId,
      ...(t.client.defaults.signal ? { signal: t.client.defaults.signal } : {}),
    });
    return await client.request('initialize', {});
  } finally {
    await second.close();
  }
}
