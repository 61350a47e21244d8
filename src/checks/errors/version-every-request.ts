import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, McpClient, resultOf, type RequestOptions } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { Exchange, Transport } from '../../target/transport.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { spareCopy, UNSUPPORTED_VERSION, versionBaseline } from '../stdio/support.js';

const request = (method: string, params: JsonObject): [string, JsonObject] => [method, params];

const BOGUS = UNSUPPORTED_VERSION;

type Send = (method: string, params?: JsonObject, o?: RequestOptions) => Promise<Exchange>;

interface Sender {
  send: Send;
  close: () => Promise<void>;
  /** The first question, already asked before any tool call on this connection (stdio: see stdio/support.ts). */
  first?: Promise<Exchange>;
  /** Where the sequence ran, when a user could not tell from the transport alone. */
  where?: string;
}

/**
 * The sequence must start before any tool call was served on its connection (the SDK 2.4 bug of DIGEST §b only
 * shows once a call was served). On stdio that is the run's own process, whose first question was asked right after
 * the probe, ahead of every check; else (no such question) a fresh process. On HTTP the target itself. Ids come
 * from the main client, so every id in the wire record stays unique.
 */
async function sender(t: CheckContext): Promise<Sender> {
  const own: Sender = { send: (m, p, o) => t.request(m, p, o), close: async () => {} };
  if (t.transport === 'http') return own;
  const first = versionBaseline(t.shared);
  if (first) return { ...own, first, where: " on the run's own process (first asked right after the probe, before any check)" };
  const transport: Transport = await spareCopy(t.shared, t.spec, t.client.recorder, 'version-every-request');
  const signal = t.client.defaults.signal;
  const client = new McpClient(transport, t.client.recorder, { timeoutMs: t.timeouts.request, phase: t.checkId, ...(signal ? { signal } : {}) });
  return { send: (m, p, o) => client.request(m, p, { ...o, id: t.client.nextId() }), close: () => transport.close() };
}

export const versionEveryRequest: CheckDefinition = {
  id: 'errors/version-every-request',
  title: 'the protocol version is checked on every request, also after tools were called',
  level: 'MUST',
  spec: since2026(
    'basic/index#meta',
    'Every request carries its protocol version and is accepted or rejected on its own: after served calls and lists, a request naming an unsupported version still gets -32022.',
    2575,
  ),
  transports: [...BOTH],
  slow: 'requests sent in turn, a tool call among them',
  trippedBy: [{ fixture: 'flawed-server', fault: 'version-unchecked-after-call' }],
  async run(t) {
    const { send, close, first: asked, where = '' } = await sender(t);
    try {
      // A server may need a moment to start: the first request on a fresh process gets a longer deadline.
      const first = await (asked ?? send('server/discover', {}, { protocolVersion: BOGUS, timeoutMs: t.timeouts.respawnStartup }));
      if (first.failure && !first.response) return t.inconclusive(`first request: ${first.failure.message}`, first.evidence);
      if (errorOf(first)?.code !== ERROR.unsupportedVersion)
        return t.precondition(`even a first request naming ${BOGUS} got ${describe(first)}, not -32022 (errors/unsupported-version judges that)`);
      const tools = t.shared.offers('tools') !== false;
      const callable = tools ? (await t.shared.callableTools())[0] : undefined;
      // The requests the bug needs served first: a safe tools/call and a list (DIGEST §b stdio).
      const requests: [string, JsonObject][] = [
        ...(callable ? [request('tools/call', { name: callable.tool.name, arguments: callable.args })] : []),
        ...(tools ? [request('tools/list', {})] : []),
        ['server/discover', {}],
      ];
      const served: string[] = [];
      for (const [method, params] of requests) if (resultOf(await send(method, params))) served.push(method);
      for (const [method, params] of requests) {
        const ex = await send(method, params, { protocolVersion: BOGUS });
        if (ex.failure && !ex.response) return t.inconclusive(`${method} naming ${BOGUS}: ${ex.failure.message}`, ex.evidence);
        if (errorOf(ex)?.code === ERROR.unsupportedVersion) continue;
        t.fail({
          message: `after serving ${served.join(', ') || 'nothing'}, ${method} naming protocolVersion ${BOGUS} got ${describe(ex)}`,
          expected: 'error -32022, as for the first request',
          actual: describe(ex),
          evidence: [...first.evidence, ...ex.evidence],
          hint: 'Check _meta.io.modelcontextprotocol/protocolVersion on every request; the connection is not a session (SDK 2.4 serveStdio stops after a tools/call).',
        });
      }
      t.note(`-32022 before and after serving ${served.join(', ')}${where}`);
    } finally {
      await close();
    }
  },
};
