import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, Agent as HttpAgent, type IncomingMessage, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { HttpTransport } from '../../src/target/http.js';
import { httpGet } from '../../src/target/http-get.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { bodyRepeatIsSafe, repeatIsSafe } from '../../src/target/reset-retry.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { explain, run } from '../support/fixtures.js';
import type { TargetReport } from '../../src/core/types.js';

type Fate = 'answer' | 'close' | 'half-answer';

/**
 * A hand-written HTTP/1.1 server on raw sockets: it answers every JSON-RPC request with an empty result, keeps the
 * connection alive, and decides per request (by its number on the connection and its method) whether to close the
 * socket without a byte, or after half a status line.
 */
async function resettingServer(fate: (nthOnSocket: number, method: string) => Fate) {
  const seen: { socket: number; nth: number; method: string; fate: Fate }[] = [];
  let sockets = 0;
  const server = net.createServer((socket) => {
    const id = ++sockets;
    let nth = 0;
    let buf = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.slice(0, end);
        const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        const body = buf.slice(end + 4, end + 4 + length);
        buf = buf.slice(end + 4 + length);
        const msg = JSON.parse(body || '{}') as { id?: unknown; method?: string };
        const method = msg.method ?? head.split(' ')[0]!;
        const f = fate(++nth, method);
        seen.push({ socket: id, nth, method, fate: f });
        if (f === 'close') return void socket.destroy();
        if (f === 'half-answer') return void socket.end('HTTP/1.1 200 O');
        const out = JSON.stringify({ jsonrpc: '2.0', id: msg.id ?? null, result: method === 'tools/list' ? TOOLS : {} });
        socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(out)}\r\nkeep-alive: timeout=30\r\n\r\n${out}`);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const TOOLS = {
  tools: [
    { name: 'lookup', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    { name: 'write', inputSchema: { type: 'object' }, annotations: { readOnlyHint: false } },
    { name: 'unannotated', inputSchema: { type: 'object' } },
  ],
};

let nextId = 1;
const req = (method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0' as const, id: nextId++, method, params });
const opts = { phase: 'test', timeoutMs: 5000 };
/** Lets undici see the connection free again (it reuses an idle one, not one still finishing its last answer). */
const idle = () => new Promise((r) => setTimeout(r, 20));
/** Closes a connection on its second request, whatever the request is. */
const closeSecond = (nth: number): Fate => (nth === 2 ? 'close' : 'answer');

describe('a kept-alive connection closed before any byte of the answer', () => {
  it('repeats a safe request once on a fresh connection, and records the repeat in the wire log', async () => {
    const s = await resettingServer(closeSecond);
    const recorder = new WireRecorder();
    const t = new HttpTransport({ url: s.url }, recorder);
    try {
      const first = await t.send(req('ping'), opts);
      await idle();
      const second = await t.send(req('tools/list'), opts);
      assert.deepEqual(first.response?.result, {});
      assert.equal(second.failure, undefined);
      assert.deepEqual(second.response?.result, TOOLS);
      assert.deepEqual(
        s.seen.map((x) => [x.socket, x.nth, x.method, x.fate]),
        [
          [1, 1, 'ping', 'answer'],
          [1, 2, 'tools/list', 'close'],
          [2, 1, 'tools/list', 'answer'],
        ],
        'one repeat, on a connection of its own',
      );
      const sent = recorder.entries.filter((e) => e.from === 'harness' && e.phase === 'test');
      assert.equal(sent.length, 3);
      const repeat = sent[2]!;
      assert.equal(repeat.retry?.of, sent[1]!.seq);
      assert.match(repeat.retry?.cause ?? '', /closed before any byte of the answer/);
      assert.ok(second.evidence.includes(repeat.seq), 'the repeat is part of the exchange');
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('repeats a call of a tool the server listed as read-only, never of another tool', async () => {
    // Every connection is closed at its second request, so each call below lands on a reused connection.
    const s = await resettingServer(closeSecond);
    const t = new HttpTransport({ url: s.url }, new WireRecorder());
    try {
      await t.send(req('tools/list'), opts);
      await idle();
      const readOnly = await t.send(req('tools/call', { name: 'lookup', arguments: {} }), opts);
      assert.equal(readOnly.failure, undefined, 'lookup is annotated readOnlyHint: true');
      for (const name of ['write', 'unannotated']) {
        await t.send(req('ping'), opts); // a connection that served one request, for the call to reuse
        await idle();
        const before = s.seen.length;
        const ex = await t.send(req('tools/call', { name, arguments: {} }), opts);
        assert.equal(ex.failure?.failure, 'closed', `${name}: the failure stands`);
        assert.equal(s.seen.length, before + 1, `${name}: sent once, not repeated`);
        assert.equal(s.seen.at(-1)?.fate, 'close');
      }
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('does not repeat once a byte of the answer arrived', async () => {
    const s = await resettingServer((nth) => (nth === 2 ? 'half-answer' : 'answer'));
    const t = new HttpTransport({ url: s.url }, new WireRecorder());
    try {
      await t.send(req('ping'), opts);
      await idle();
      const ex = await t.send(req('ping'), opts);
      assert.ok(ex.failure, 'the cut answer is a failure');
      assert.equal(s.seen.length, 2, 'not repeated');
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('does not repeat a request closed on a fresh connection (the server dropped it, not an idle socket)', async () => {
    const s = await resettingServer((nth, method) => (method === 'tools/list' ? 'close' : 'answer'));
    const t = new HttpTransport({ url: s.url }, new WireRecorder());
    try {
      const ex = await t.send(req('tools/list'), opts);
      assert.equal(ex.failure?.failure, 'closed');
      assert.equal(s.seen.length, 1);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('repeats a raw GET, never a DELETE', async () => {
    const s = await resettingServer(closeSecond);
    const t = new HttpTransport({ url: s.url }, new WireRecorder());
    try {
      await t.send(req('ping'), opts);
      await idle();
      const get = await t.raw({ method: 'GET', headers: {}, phase: 'test', timeoutMs: 5000 });
      assert.equal(get.failure, undefined);
      assert.equal(get.evidence.length, 3, 'request, repeat, answer');
      await t.send(req('ping'), opts);
      await idle();
      const before = s.seen.length;
      const del = await t.raw({ method: 'DELETE', headers: {}, phase: 'test', timeoutMs: 5000 });
      assert.equal(del.failure?.failure, 'closed');
      assert.equal(s.seen.length, before + 1);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('repeats a metadata GET on the shared pool, and records the repeat', async () => {
    const s = await resettingServer(closeSecond);
    const recorder = new WireRecorder();
    try {
      const first = await httpGet(s.url, { timeoutMs: 5000, recorder, phase: 'test' });
      assert.equal(first.status, 200);
      await idle();
      const second = await httpGet(s.url, { timeoutMs: 5000, recorder, phase: 'test' });
      assert.equal(second.failure, undefined);
      assert.equal(second.status, 200);
      assert.equal(second.evidence.length, 3, 'request, repeat, answer');
      assert.equal(recorder.entries.find((e) => e.seq === second.evidence[1])?.retry?.of, second.evidence[0]);
      assert.deepEqual(
        s.seen.map((x) => [x.socket, x.nth, x.fate]),
        [
          [1, 1, 'answer'],
          [1, 2, 'close'],
          [2, 1, 'answer'],
        ],
      );
    } finally {
      await s.close();
    }
  });

  it('judges what may be repeated by what the message asks for', () => {
    const ro = new Set(['lookup']);
    for (const m of ['ping', 'server/discover', 'tools/list', 'resources/list', 'resources/read', 'prompts/get', 'completion/complete', 'no/such-method'])
      assert.equal(repeatIsSafe(req(m), ro), true, m);
    for (const m of ['initialize', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'tasks/cancel'])
      assert.equal(repeatIsSafe(req(m), ro), false, m);
    assert.equal(repeatIsSafe({ jsonrpc: '2.0', method: 'notifications/initialized' }, ro), false, 'a notification');
    assert.equal(repeatIsSafe({ jsonrpc: '2.0', id: 3, result: {} }, ro), false, 'our answer to a server request');
    assert.equal(repeatIsSafe(req('tools/call', { name: 'lookup' }), ro), true);
    assert.equal(repeatIsSafe(req('tools/call', { name: 'other' }), ro), false);
    assert.equal(repeatIsSafe([req('ping'), req('tools/call', { name: 'other' })], ro), false, 'a batch with one unsafe member');
    assert.equal(bodyRepeatIsSafe('{not json', ro), true, 'a parse-error probe');
    assert.equal(bodyRepeatIsSafe(JSON.stringify(req('tools/call', { name: 'other' })), ro), false);
  });
});

/**
 * A proxy in front of the real support-desk server that closes every kept-alive connection when a read arrives as
 * its second request, without answering: the race a busy server or a short keep-alive timeout produces.
 */
async function closingProxy(upstream: string): Promise<{ url: string; closed: () => number; close: () => Promise<void> }> {
  const reads = new Set(['server/discover', 'tools/list', 'resources/list', 'resources/templates/list', 'prompts/list', 'resources/read', 'prompts/get']);
  const perSocket = new WeakMap<object, number>();
  const agent = new HttpAgent({ keepAlive: true });
  let closed = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    if (n === 2 && reads.has(String(req.headers['mcp-method']))) {
      closed++;
      req.socket.destroy();
      return;
    }
    const up = httpRequest(upstream, { method: req.method, headers: req.headers, agent }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    closed: () => closed,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      agent.destroy();
    },
  };
}

describe('verdicts through a server that closes kept-alive connections', () => {
  const checks = selectChecks(CHECKS, ['discover/', 'tools/', 'resources/', 'prompts/', 'caching/']);
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let proxy: Awaited<ReturnType<typeof closingProxy>>;
  let direct: TargetReport;
  let through: TargetReport;
  before(async () => {
    desk = await startSupportDeskHttp();
    proxy = await closingProxy(desk.url);
    direct = await run({ kind: 'http', url: desk.url }, { checks });
    through = await run({ kind: 'http', url: proxy.url }, { checks });
  });
  after(async () => {
    await proxy.close();
    await desk.close();
  });

  it('gives every check the verdict it gets on a direct connection, none inconclusive', () => {
    assert.ok(proxy.closed() > 0, 'the proxy closed connections');
    const verdicts = (r: TargetReport) => r.results.map((x) => `${x.checkId} ${x.status}`);
    assert.deepEqual(verdicts(through), verdicts(direct), explain(through));
    assert.equal(through.results.filter((x) => x.status === 'inconclusive').length, 0);
  });

  it('shows each repeat in the wire log, one per closed connection', () => {
    const repeats = through.wire.filter((w) => w.retry);
    assert.equal(repeats.length, proxy.closed());
    for (const w of repeats) {
      const original = through.wire.find((x) => x.seq === w.retry!.of);
      assert.deepEqual(original?.body, w.body, 'the same message, sent again');
    }
  });
});
