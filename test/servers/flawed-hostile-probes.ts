/** Probes for the hostile faults over HTTP: each read is bounded by a deadline and aborted after. */
import assert from 'node:assert/strict';
import { request } from 'undici';
import type { FlawedHttp } from '../../examples/flawed-server/http.js';
import { modernHeaders, post, rpc } from './helpers.js';

const list = () => rpc('tools/list');

export const HOSTILE_PROBES: Record<string, (server: FlawedHttp) => Promise<void>> = {
  'huge-body': async (s) => {
    const msg = list();
    const res = await request(s.url, { method: 'POST', headers: modernHeaders(msg), body: JSON.stringify(msg), bodyTimeout: 10_000 });
    assert.equal(res.headers['content-length'], undefined, 'streamed, not buffered');
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of res.body) {
      chunks.push(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    assert.ok(bytes >= 50 * 1024 * 1024, `${bytes} bytes`);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number; result: { tools: unknown[] } };
    assert.equal(body.id, msg.id);
    assert.equal(body.result.tools.length, 1);
  },

  'endless-sse': async (s) => {
    const msg = list();
    const abort = new AbortController();
    const res = await request(s.url, { method: 'POST', headers: modernHeaders(msg), body: JSON.stringify(msg), signal: abort.signal });
    assert.equal(String(res.headers['content-type']), 'text/event-stream');
    assert.equal(res.headers['x-accel-buffering'], 'no');
    let text = '';
    const started = Date.now();
    try {
      for await (const chunk of res.body) {
        text += String(chunk);
        if (Date.now() - started > 400) break;
      }
    } finally {
      abort.abort();
    }
    assert.ok((text.match(/^: keep-alive$/gm) ?? []).length >= 4, text);
    assert.doesNotMatch(text, /^data:/m, 'the response never comes');
  },

  hang: async (s) => {
    const msg = list();
    await assert.rejects(
      request(s.url, { method: 'POST', headers: modernHeaders(msg), body: JSON.stringify(msg), headersTimeout: 300 }),
      (err: Error & { code?: string }) => err.code === 'UND_ERR_HEADERS_TIMEOUT',
    );
    assert.equal((await post(s.url, rpc('server/discover'))).status, 200, 'other methods still answer');
  },

  'die-mid-run': async (s) => {
    for (let i = 0; i < 3; i++) assert.equal((await post(s.url, rpc('server/discover'))).status, 200, `request ${i + 1}`);
    await assert.rejects(post(s.url, rpc('server/discover')), (err: Error & { code?: string }) =>
      ['ECONNREFUSED', 'UND_ERR_SOCKET', 'ECONNRESET'].includes(err.code ?? ''),
    );
  },
};
