/** The probe's request sent ahead by `check <url>`: when, adopted by the run's transport, recorded, and never leaked. */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { claimSentAhead, headStartUrl, probeAhead, releaseSentAhead } from '../../src/target/http-head-start.js';
import { listChangedFilter, narrowFilter } from '../../src/spec/listen-filter.js';
import { openClientStream } from '../../src/target/stream.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { HttpTransport } from '../../src/target/http.js';
import { McpClient } from '../../src/target/client.js';
import { probeEra } from '../../src/target/probe.js';
import { tempDir } from '../support/temp-dir.js';

interface Seen {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A modern server on 127.0.0.1 that answers server/discover (after `delayMs`, with these capabilities and versions)
 * and logs every request it gets; a subscriptions/listen is acknowledged on an event stream held open.
 */
async function discoverServer(
  delayMs = 0,
  result: { capabilities?: object; supportedVersions?: readonly string[] } = {},
): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body });
      const msg = JSON.parse(body) as { id: number; method: string; params?: { notifications?: object } };
      if (msg.method === 'subscriptions/listen') {
        const ack = {
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { notifications: msg.params?.notifications, _meta: { 'io.modelcontextprotocol/subscriptionId': msg.id } },
        };
        res.writeHead(200, { 'content-type': 'text/event-stream' }).write(`data: ${JSON.stringify(ack)}\n\n`);
        return;
      }
      const answer =
        msg.method === 'server/discover'
          ? { jsonrpc: '2.0', id: msg.id, result: { supportedVersions: ['2026-07-28'], capabilities: {}, ...result, _meta: {} } }
          : { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, seen, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

test('a probe is sent ahead only for check <url> with options that change neither the target nor the checks', () => {
  const dir = tempDir('mcp-assay-http-head-start-');
  try {
    const url = 'http://127.0.0.1:8000/mcp';
    assert.equal(headStartUrl(['check', url], dir), url);
    assert.equal(headStartUrl(['check', '--json', 'out.json', '--strict', url, '-v', '--timeout=5000', '--no-contracts'], dir), url);
    for (const argv of [
      ['check'],
      ['snapshot', url],
      ['check', url, '--header', 'Authorization: Bearer x'],
      ['check', '--only', 'tools', url],
      ['check', '--config', 'c.yaml', url],
      ['check', url, 'http://127.0.0.1:9/mcp'],
      ['check', 'localhost:8000/mcp'],
      ['check', 'ftp://127.0.0.1/mcp'],
      ['check', 'http://'],
      ['check', '--strict=yes', url],
      ['check', '--', 'node', 'server.js'],
    ])
      assert.equal(headStartUrl(argv, dir), undefined, argv.join(' '));
    writeFileSync(path.join(dir, 'mcp-assay.config.yaml'), 'servers: {}\n');
    assert.equal(headStartUrl(['check', url], dir), undefined, 'a config file may add headers');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the run adopts the probe sent ahead: one server/discover on the wire, recorded first and timed from when it went out', async () => {
  const server = await discoverServer(30);
  try {
    assert.equal(probeAhead(['check', server.url]), true);
    assert.equal(probeAhead(['check', server.url]), false, 'once');
    // The CLI loads its checks meanwhile; the answer waits in the pool.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const recorder = new WireRecorder();
    const transport = new HttpTransport({ url: server.url }, recorder);
    const client = new McpClient(transport, recorder, { timeoutMs: 5000 });
    const probe = await probeEra(client, 5000);
    assert.equal(probe.era, 'modern');
    assert.equal(server.seen.length, 1, 'the probe was not sent twice');
    const [sent, answer] = recorder.entries;
    assert.equal(sent?.phase, 'probe');
    assert.equal(sent?.from, 'harness');
    assert.equal(sent?.atMs, 0);
    assert.deepEqual(sent?.body, JSON.parse(server.seen[0]!.body), 'the record holds the body the server got');
    for (const [k, v] of Object.entries(sent?.http?.headers ?? {})) assert.equal(server.seen[0]!.headers[k.toLowerCase()], v, k);
    assert.equal(answer?.from, 'server');
    assert.ok(answer.atMs >= 100, `its answer is recorded when the run read it (${answer.atMs} ms)`);
    assert.ok(probe.discoverExchange!.durationMs >= 100, 'timed from when it went out');
    // Later requests go on the same pool, as they would after a probe sent by the transport itself.
    const list = await client.request('tools/list', {}, { phase: 'later' });
    assert.equal(list.http?.status, 200);
    assert.equal(server.seen.length, 2);
    await transport.close();
  } finally {
    await server.close();
  }
});

test('a request sent ahead that the first request does not match is recorded as head-start, with its answer', async () => {
  const server = await discoverServer();
  try {
    assert.equal(probeAhead(['check', server.url]), true);
    const recorder = new WireRecorder();
    const transport = new HttpTransport({ url: server.url }, recorder);
    const client = new McpClient(transport, recorder, { timeoutMs: 5000 });
    const ex = await client.request('tools/list', {}, { phase: 'first' });
    assert.equal(server.seen.length, 2);
    assert.deepEqual(
      recorder.entries.map((e) => `${e.phase} ${e.from}`),
      ['head-start harness', 'head-start server', 'first harness', 'first server'],
    );
    assert.equal(ex.http?.status, 200);
    await transport.close();
  } finally {
    await server.close();
  }
});

test('a request sent ahead that no run adopts is cancelled and its pool closed; another URL or user headers never adopt it', async () => {
  const server = await discoverServer(5_000);
  try {
    assert.equal(probeAhead(['check', server.url]), true);
    assert.equal(claimSentAhead('http://127.0.0.1:9/other', undefined), undefined);
    assert.equal(claimSentAhead(server.url, { Authorization: 'Bearer x' }), undefined);
    const t0 = performance.now();
    await releaseSentAhead();
    assert.ok(performance.now() - t0 < 2_000, 'not waiting for the slow answer');
    assert.equal(claimSentAhead(server.url, undefined), undefined, 'gone');
  } finally {
    await server.close();
  }
});

const LISTS_CHANGE = { tools: { listChanged: true }, prompts: { listChanged: true } };
const listens = (seen: Seen[]) => seen.filter((r) => r.body.includes('"subscriptions/listen"'));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the listen requests of the window-bound checks go out as soon as the probe is answered, and their streams adopt them', async () => {
  const server = await discoverServer(0, { capabilities: LISTS_CHANGE });
  try {
    assert.equal(probeAhead(['check', server.url, '--json', 'out.json']), true);
    // The CLI loads its checks meanwhile: the listens went out, and were acknowledged, before any transport existed.
    await pause(300);
    assert.deepEqual(
      listens(server.seen).map((r) => (JSON.parse(r.body) as { id: number }).id),
      [2, 3],
    );
    const recorder = new WireRecorder();
    const transport = new HttpTransport({ url: server.url }, recorder);
    const client = new McpClient(transport, recorder, { timeoutMs: 5000 });
    const probe = await probeEra(client, 5000);
    assert.equal(probe.era, 'modern');
    // As subscriptions/filter-honoured and subscriptions/notifications-tagged open them, in that order.
    const offered = listChangedFilter(LISTS_CHANGE);
    const narrow = openClientStream(client, 'subscriptions/listen', { notifications: narrowFilter(offered) }, { phase: 'narrow', timeoutMs: 5000 })!;
    const all = openClientStream(client, 'subscriptions/listen', { notifications: offered }, { phase: 'all', timeoutMs: 5000 })!;
    const first = await narrow.waitFor(() => true, 2000);
    assert.ok(first && (await all.waitFor(() => true, 2000)), 'both acknowledged');
    assert.equal(server.seen.length, 3, 'adopted, not sent again');
    assert.equal(listens(server.seen)[0]!.body, JSON.stringify(narrow.request), 'the very request the check builds');
    const answered = recorder.entries.find((e) => e.phase === 'probe' && e.from === 'server')!;
    for (const phase of ['narrow', 'all']) {
      const [sent, ack] = recorder.entries.filter((e) => e.phase === phase);
      assert.ok(sent!.atMs < answered.atMs && ack!.atMs < answered.atMs, `${phase}: recorded when sent and when acknowledged, before the probe was read`);
    }
    // The window opened when the acknowledgement came (before the probe was read), so less of it is left to wait.
    const t0 = performance.now();
    await narrow.settleWindow(first, 500);
    assert.ok(performance.now() - t0 < 400, `waited ${Math.round(performance.now() - t0)} ms of a 500 ms window that opened about 300 ms ago`);
    await Promise.all([narrow.close(), all.close()]);
    assert.equal(recorder.entries.filter((e) => e.phase === 'head-start').length, 0);
    await transport.close();
  } finally {
    await server.close();
  }
});

test('no listen goes ahead with --timeout, --deadline or --concurrency, for resource subscriptions, without listChanged, or for a 2025-era answer', async () => {
  for (const [argv, result] of [
    [['--timeout', '5000'], { capabilities: LISTS_CHANGE }],
    [['--deadline=60000'], { capabilities: LISTS_CHANGE }],
    [['--concurrency', '1'], { capabilities: LISTS_CHANGE }],
    [[], { capabilities: { ...LISTS_CHANGE, resources: { subscribe: true } } }],
    [[], { capabilities: { tools: {} } }],
    [[], { capabilities: LISTS_CHANGE, supportedVersions: ['2025-11-25'] }],
  ] as const) {
    const server = await discoverServer(0, result);
    try {
      assert.equal(probeAhead(['check', server.url, ...argv]), true);
      await pause(200);
      assert.equal(server.seen.length, 1, JSON.stringify([argv, result]));
      await releaseSentAhead();
    } finally {
      await server.close();
    }
  }
});

test('listen requests sent ahead that no check adopts are recorded as head-start and cancelled when the transport closes', async () => {
  const server = await discoverServer(0, { capabilities: LISTS_CHANGE });
  try {
    assert.equal(probeAhead(['check', server.url]), true);
    await pause(200);
    const recorder = new WireRecorder();
    const transport = new HttpTransport({ url: server.url }, recorder);
    const client = new McpClient(transport, recorder, { timeoutMs: 5000 });
    await probeEra(client, 5000);
    // As a run ends: what the head start still holds is released first, then the transport closes.
    await releaseSentAhead();
    await transport.close(500);
    assert.deepEqual(
      recorder.entries.filter((e) => e.phase === 'head-start').map((e) => `${e.from} ${(e.body as { method?: string }).method}`),
      ['harness subscriptions/listen', 'harness subscriptions/listen'],
    );
  } finally {
    await server.close();
  }
});
