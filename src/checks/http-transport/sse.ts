import type { WireEntry } from '../../core/types.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { HTTP_ONLY, since2026 } from '../support/spec.js';
import { headerDeclarations } from '../http-headers/support.js';
import { paramHeaders } from '../http-headers/support.js';
import { everyServerAnswers, modernPost, raw } from './support.js';
import type { HttpProbeResponse } from '../../target/http-probe.js';
import { field } from '../../spec/read.js';
import { classifyMessage } from '../../spec/wire/index.js';

const SECTION = 'basic/transports/streamable-http#sending-messages-to-the-server';
const UNKNOWN_METHOD = 'mcp-assay/no-such-method';
const NO_SSE = 'the server answered no request with an event stream, so there was no stream to inspect';

/** Server messages of the whole run that arrived on an event stream. */
function streamEntries(t: CheckContext): WireEntry[] {
  return t.wire().filter((e) => e.from === 'server' && e.channel === 'http' && /^text\/event-stream/i.test(e.http?.headers?.['content-type'] ?? ''));
}

/**
 * Requests most likely to be answered with a stream, sent raw so the end of each stream is measured: discover,
 * the tool list, a safe tool call asking for progress (servers stream progress notifications), and an unknown
 * method, whose final response is an error (a stream may end after a result but not after an error, as
 * @modelcontextprotocol/sdk 1.10.2 leaves it).
 */
async function streamAttempts(t: CheckContext): Promise<{ what: string; r: HttpProbeResponse }[]> {
  const first = everyServerAnswers(t);
  const posts: { what: string; post: ReturnType<typeof modernPost> }[] = [{ what: first, post: modernPost(t, first) }];
  if (t.shared.offers('tools') !== false) {
    posts.push({ what: 'tools/list', post: modernPost(t, 'tools/list') });
    const c = (await t.shared.callableTools())[0];
    if (c) {
      const post = modernPost(t, 'tools/call', { name: c.tool.name, arguments: c.args, _meta: { progressToken: `${t.checkId}-progress` } });
      Object.assign(post.headers, paramHeaders(headerDeclarations(c.tool.inputSchema), c.args));
      posts.push({ what: `tools/call ${c.tool.name} with a progressToken`, post });
    }
  }
  posts.push({ what: `${UNKNOWN_METHOD} (an error)`, post: modernPost(t, UNKNOWN_METHOD) });
  const out: { what: string; r: HttpProbeResponse }[] = [];
  for (const { what, post } of posts) out.push({ what, r: await raw(t, { headers: post.headers, body: post.body, id: post.id }) });
  return out;
}

export const sseNoServerRequests: CheckDefinition = {
  id: 'http-transport/sse-no-server-requests',
  title: 'a response stream carries no JSON-RPC request from the server',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'On an SSE response stream the server may send notifications tied to the request and then the response, but MUST NOT send JSON-RPC requests (MRTR replaced them).',
    2322,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'sse-server-request' }],
  runsLast: true,
  async run(t) {
    if (!streamEntries(t).length) await streamAttempts(t);
    const entries = streamEntries(t);
    if (!entries.length) return t.precondition(NO_SSE);
    const requests = entries.filter((e) => classifyMessage(e.body) === 'request');
    if (requests.length)
      t.fail({
        message: `${requests.length} JSON-RPC request(s) from the server on response streams: ${[...new Set(requests.map((e) => String(field(e.body, 'method'))))].join(', ')}`,
        expected: 'only notifications and the final response on a response stream',
        actual: requests
          .slice(0, 3)
          .map((e) => `#${e.seq} ${JSON.stringify(e.body).slice(0, 120)}`)
          .join(' | '),
        evidence: requests.map((e) => e.seq),
        hint: 'Ask for client input with an input_required result (MRTR) instead of a server-to-client request.',
      });
    else t.note(`${entries.length} stream message(s) inspected`);
  },
};

export const sseAccelBuffering: CheckDefinition = {
  id: 'http-transport/sse-accel-buffering',
  title: 'SSE responses carry X-Accel-Buffering: no',
  level: 'SHOULD',
  spec: since2026(SECTION, 'A server answering with an SSE stream SHOULD send the X-Accel-Buffering: no header, so proxies do not hold events back.'),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'sse-no-accel-buffering' }],
  runsLast: true,
  async run(t) {
    if (!streamEntries(t).length) await streamAttempts(t);
    const entries = streamEntries(t);
    if (!entries.length) return t.precondition(NO_SSE);
    const missing = entries.filter((e) => (e.http?.headers?.['x-accel-buffering'] ?? '').trim().toLowerCase() !== 'no');
    if (missing.length)
      t.fail({
        message: `${missing.length} of ${entries.length} stream message(s) came on a response without X-Accel-Buffering: no`,
        expected: 'X-Accel-Buffering: no on every text/event-stream response',
        actual: `X-Accel-Buffering: ${missing[0]?.http?.headers?.['x-accel-buffering'] ?? '(absent)'}`,
        evidence: missing.slice(0, 20).map((e) => e.seq),
        hint: 'Set X-Accel-Buffering: no on event streams; buffering proxies otherwise delay progress and results.',
      });
  },
};

export const sseStreamEnds: CheckDefinition = {
  id: 'http-transport/sse-stream-ends',
  title: 'a response stream ends after its final response',
  level: 'SHOULD',
  spec: {
    revision: { since: '2025-03-26' },
    section: SECTION,
    quote: 'After the JSON-RPC response on an SSE response stream, the server SHOULD end the stream (within a second here).',
  },
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'sse-stream-open' }],
  async run(t) {
    const streams = (await streamAttempts(t)).filter((a) => a.r.sse && a.r.final);
    if (!streams.length) return t.precondition(NO_SSE);
    for (const { what, r } of streams.filter((a) => !a.r.ended))
      t.fail({
        message: `the stream answering ${what} stayed open after its final response`,
        expected: 'the stream ends within 1000 ms of the final response',
        actual: `still open 1000 ms after the response (${r.events.length} event(s))`,
        evidence: r.evidence,
        hint: 'Close the event stream once the response is written; clients otherwise hold a connection per request.',
      });
    t.note(`${streams.length} stream(s) measured`);
  },
};
