import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpTransport } from '../../src/target/http.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { buildParams, type JsonObject } from '../../src/target/envelope.js';
import { decodeBody } from '../../src/target/body-text.js';
import { probeHttp } from '../../src/target/http-probe.js';

/** Answers every POST with one body, written as byte pieces with a pause between them, so they arrive as separate chunks. */
async function pieceServer(pieces: (id: unknown) => Buffer[]) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const parts = pieces((JSON.parse(body || '{}') as { id?: unknown }).id);
      const next = (i: number): void => {
        if (i === parts.length) return void res.end();
        res.write(parts[i]);
        setTimeout(() => next(i + 1), 30);
      };
      next(0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The answer's bytes cut inside the multi-byte character `é`. */
const splitAnswer = (id: unknown): Buffer[] => {
  const bytes = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, result: { note: 'Café ✓ 𝄞' } }), 'utf8');
  const cut = bytes.indexOf(Buffer.from('é', 'utf8')) + 1;
  return [bytes.subarray(0, cut), bytes.subarray(cut)];
};

describe('HTTP body text', () => {
  it('decodes ASCII and non-ASCII bytes exactly as UTF-8 does', () => {
    const samples = ['', '{"a":1}', 'x'.repeat(300_000), 'Café ✓ 𝄞', `${'y'.repeat(70_000)}é`, '\u007f\u0080'];
    for (const s of samples) {
      const bytes = Buffer.from(s, 'utf8');
      const pieces = [bytes.subarray(0, bytes.length >> 1), bytes.subarray(bytes.length >> 1)];
      assert.equal(decodeBody(pieces), s);
      assert.equal(decodeBody([bytes]), s);
    }
    // Large bodies in many chunks, one after another: each text stays what it was after the next is decoded.
    const pieces = (s: string): Buffer[] => {
      const b = Buffer.from(s, 'utf8');
      const out: Buffer[] = [];
      for (let i = 0; i < b.length; i += 65_521) out.push(b.subarray(i, i + 65_521));
      return out;
    };
    const large = [`[${'"ascii",'.repeat(100_000)}1]`, `{"é":"${'ü✓𝄞'.repeat(60_000)}"}`, 'z'.repeat(3_000_000), `${'a'.repeat(400_000)}é`];
    const texts = large.map((s) => decodeBody(pieces(s)));
    assert.deepEqual(texts, large);
    // Bytes that are not UTF-8 decode to the same replacement characters as before.
    const bad = Buffer.from([0x7b, 0xff, 0xc3, 0x7d]);
    assert.equal(decodeBody([bad]), bad.toString('utf8'));
  });

  it('a JSON-RPC answer and a raw answer keep a character split between two chunks', async () => {
    const s = await pieceServer(splitAnswer);
    const t = new HttpTransport({ url: s.url }, new WireRecorder());
    try {
      const ex = await t.send({ jsonrpc: '2.0', id: 7, method: 'ping', params: buildParams({}) }, { phase: 'test', timeoutMs: 5000 });
      assert.equal(ex.failure, undefined, ex.failure?.message);
      assert.deepEqual((ex.response as JsonObject).result, { note: 'Café ✓ 𝄞' });
      const raw = await t.raw({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":8}', phase: 'test', timeoutMs: 5000 });
      assert.equal(raw.failure, undefined, raw.failure?.message);
      assert.equal(raw.cut, false);
      assert.ok(!raw.bodyText.includes('\ufffd'), raw.bodyText);
      assert.deepEqual(raw.json, { jsonrpc: '2.0', id: 8, result: { note: 'Café ✓ 𝄞' } });
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('a bounded probe keeps a character split between two chunks too', async () => {
    const s = await pieceServer(splitAnswer);
    try {
      const r = await probeHttp({ url: s.url }, new WireRecorder(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"id":9}',
        phase: 'test',
        timeoutMs: 5000,
        endWithinMs: 2000,
      });
      assert.equal(r.failure, undefined, r.failure?.message);
      assert.ok(!r.bodyText.includes('\ufffd'), r.bodyText);
      assert.deepEqual(r.final?.result, { note: 'Café ✓ 𝄞' });
    } finally {
      await s.close();
    }
  });
});
