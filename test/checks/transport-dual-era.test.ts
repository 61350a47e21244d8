import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { startFlawedHttp, type FlawedHttp } from '../../examples/flawed-server/http.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import type { TargetReport } from '../../src/core/types.js';
import { explain, result, run } from '../support/fixtures.js';

const OURS = selectChecks(CHECKS, ['http-headers/', 'removed/', 'http-transport/', 'stdio/']).map((c) => c.id);

interface Front {
  url: string;
  /** Sessions the 2025 handshake opened and not yet ended. */
  open: Set<string>;
  close(): Promise<void>;
}

/**
 * A dual-era server made of the correct flawed server behind a 2025-style front: it answers initialize (either era),
 * treats requests without MCP-Protocol-Version as 2025 traffic needing a session, and keeps GET/DELETE for sessions.
 */
async function dualEraFront(upstream: string, agreed: string): Promise<Front> {
  const open = new Set<string>();
  const json = (res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) =>
    void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const session = req.headers['mcp-session-id'];
    const local = (v: string | undefined) => v === undefined || /^(https?:\/\/)?(127\.0\.0\.1|localhost)(:\d+)?$/.test(v);
    if (!local(req.headers.host) || !local(req.headers.origin)) return json(res, 403, { jsonrpc: '2.0', error: { code: -32600, message: 'Forbidden' } });
    if (req.method === 'GET') return json(res, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: no valid session' } });
    if (req.method === 'DELETE')
      return open.delete(String(session))
        ? void res.writeHead(200).end()
        : json(res, 404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' } });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const msg = JSON.parse(text) as { id?: string | number; method: string; params?: { _meta?: object } };
    if (msg.method === 'initialize') {
      const id = randomUUID();
      if (!msg.params?._meta) open.add(id);
      const result = { protocolVersion: agreed, capabilities: { tools: {} }, serverInfo: { name: 'dual-era-front', version: '1.0.0' } };
      return json(res, 200, { jsonrpc: '2.0', id: msg.id, result }, msg.params?._meta ? {} : { 'mcp-session-id': id });
    }
    if (session !== undefined && !open.has(String(session)))
      return json(res, 404, { jsonrpc: '2.0', id: msg.id, error: { code: -32001, message: 'Session not found' } });
    if (req.headers['mcp-protocol-version'] === undefined)
      return json(res, 400, { jsonrpc: '2.0', id: msg.id, error: { code: -32000, message: 'Bad Request: server not initialized' } });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
    const up = await request(upstream, { method: 'POST', headers, body: text });
    const body = await up.body.text();
    res.writeHead(up.statusCode, { 'content-type': String(up.headers['content-type'] ?? 'application/json') }).end(body);
  };
  const server = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    open,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

function ours(r: TargetReport, ...statuses: string[]): string[] {
  return r.results
    .filter((x) => OURS.includes(x.checkId) && statuses.includes(x.status))
    .map((x) => x.checkId)
    .sort();
}

describe('dual-era servers are judged as dual-era, not as broken modern ones', () => {
  let upstream: FlawedHttp;
  const fronts: Front[] = [];
  before(async () => {
    upstream = await startFlawedHttp({ faults: [], port: 0 });
  });
  after(async () => {
    await Promise.all(fronts.map((f) => f.close()));
    await upstream.close();
  });

  it('a server that still serves 2025-03-26 clients may keep initialize, sessions, GET and DELETE', async () => {
    const front = await dualEraFront(upstream.url, '2025-03-26');
    fronts.push(front);
    const r = await run({ kind: 'http', url: front.url }, { strict: true });
    assert.deepEqual(ours(r, 'fail', 'warn', 'error', 'inconclusive'), [], explain(r));
    for (const id of ['removed/initialize', 'http-headers/protocol-version-missing', 'http-transport/get-delete-405', 'http-transport/session-id-ignored'])
      assert.match(result(r, id).message ?? '', /dual-era|2025-03-26/, `${id} says why it passed`);
    assert.deepEqual([...front.open], [], 'the handshake session was ended with DELETE');
    // The deliberate 2025-era exchanges are evidence, not 2026-07-28 wire to judge.
    assert.equal(result(r, 'wire/server-messages-valid').status, 'pass', explain(r));
  });

  it('a dual-era server without 2025-03-26 support must still refuse a POST without MCP-Protocol-Version with -32020', async () => {
    const front = await dualEraFront(upstream.url, '2025-11-25');
    fronts.push(front);
    const r = await run({ kind: 'http', url: front.url }, { strict: true });
    assert.deepEqual(ours(r, 'fail', 'warn', 'error', 'inconclusive'), ['http-headers/protocol-version-missing'], explain(r));
    assert.match(result(r, 'http-headers/protocol-version-missing').message ?? '', /2025-03-26/);
  });
});
