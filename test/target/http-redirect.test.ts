/** A redirect is never followed; the probe's verdict says where it pointed. */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { McpClient } from '../../src/target/client.js';
import { HttpTransport } from '../../src/target/http.js';
import { probeEra } from '../../src/target/probe.js';
import { WireRecorder } from '../../src/target/recorder.js';

let elsewhere: Server;
let redirecting: Server;
let hits = 0;
const url = (s: Server, p: string) => `http://127.0.0.1:${(s.address() as AddressInfo).port}${p}`;

before(async () => {
  elsewhere = createServer((_req, res) => (hits++, res.writeHead(200, { 'content-type': 'application/json' }).end('{}')));
  await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
  const target = url(elsewhere, '/mcp/');
  redirecting = createServer((req, res) => req.resume().on('end', () => res.writeHead(307, { location: target }).end()));
  await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r));
});
after(() => {
  elsewhere.close();
  redirecting.close();
});

test('a server that answers 307 is unreachable, with the redirect named, and its target is never asked', async () => {
  const recorder = new WireRecorder();
  const transport = new HttpTransport({ url: url(redirecting, '/mcp') }, recorder);
  try {
    const probe = await probeEra(new McpClient(transport, recorder, { timeoutMs: 5_000 }), 5_000);
    assert.equal(probe.era, 'unknown');
    assert.match(
      probe.unreachable ?? '',
      new RegExp(`server/discover got HTTP 307, redirecting to ${url(elsewhere, '/mcp/').replace(/[/.]/g, '\\$&')} \\(not followed\\)`),
    );
  } finally {
    await transport.close();
  }
  assert.equal(hits, 0, 'the redirect was followed');
});
