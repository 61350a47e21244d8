/** The probe's request sent ahead by `check <url>`: when, adopted by the run's transport, recorded, and never leaked. */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { claimSentAhead, headStartUrl, probeAhead, releaseSentAhead } from '../../src/target/http-head-start.js';
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

/** A modern server on 127.0.0.1 that answers server/discover (after `delayMs`) and logs every request it gets. */
async function discoverServer(delayMs = 0): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body });
      const msg = JSON.parse(body) as { id: number; method: string };
      const answer =
        msg.method === 'server/discover'
          ? { jsonrpc: '2.0', id: msg.id, result: { supportedVersions: ['2026-07-28'], capabilities: {}, _meta: {} } }
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
