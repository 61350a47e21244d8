import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpGet } from '../../src/target/http-get.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { MAX_JSON_DEPTH, wasDepthCut } from '../../src/core/json-depth.js';

/** Serves one fixed body, written as the given byte pieces with a pause between them, so they arrive as separate chunks. */
async function pieceServer(pieces: Buffer[]) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
    const next = (i: number): void => {
      if (i === pieces.length) return void res.end();
      res.write(pieces[i]);
      setTimeout(() => next(i + 1), 30);
    };
    next(0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/meta`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('httpGet (documents a server points at)', () => {
  it('decodes a character split between two chunks, and joins repeated headers', async () => {
    const bytes = Buffer.from(JSON.stringify({ resource: 'https://example.test/mcp', resource_name: 'Café ✓' }), 'utf8');
    const cut = bytes.indexOf(Buffer.from('é', 'utf8')) + 1;
    const s = await pieceServer([bytes.subarray(0, cut), bytes.subarray(cut)]);
    try {
      const r = await httpGet(s.url, { timeoutMs: 5000, recorder: new WireRecorder(), phase: 'test' });
      assert.equal(r.failure, undefined);
      assert.deepEqual(r.json, { resource: 'https://example.test/mcp', resource_name: 'Café ✓' });
      assert.equal(r.headers['set-cookie'], 'a=1, b=2');
    } finally {
      await s.close();
    }
  });

  it('cuts a document nested past the depth bound instead of handing it on whole', async () => {
    const depth = MAX_JSON_DEPTH * 4;
    const s = await pieceServer([Buffer.from(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)]);
    try {
      const r = await httpGet(s.url, { timeoutMs: 5000, recorder: new WireRecorder(), phase: 'test' });
      assert.ok(r.json && typeof r.json === 'object');
      assert.equal(wasDepthCut(r.json), true);
      let levels = 0;
      for (let v: unknown = r.json; v && typeof v === 'object'; v = (v as { a?: unknown }).a) levels++;
      assert.ok(levels <= MAX_JSON_DEPTH + 1, `${levels} levels kept`);
    } finally {
      await s.close();
    }
  });
});
