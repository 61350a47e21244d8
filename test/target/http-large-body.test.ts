import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HttpTransport } from '../../src/target/http.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { buildParams } from '../../src/target/envelope.js';
import type { JsonObject } from '../../src/target/envelope.js';
import { startScaleHttp, type ScaleHttp } from '../../bench/scale/server.js';

/** A real SDK server with a 2,000-tool catalogue: its tools/list answer is about 2.7 MB. */
describe('large HTTP answers read twice', () => {
  let server: ScaleHttp;
  before(async () => {
    server = await startScaleHttp(2000);
  });
  after(() => server.close());

  it('each request is sent, answered and recorded; the parsed catalogue is shared, frozen and equal to a fresh parse', async () => {
    const recorder = new WireRecorder();
    const t = new HttpTransport({ url: server.url }, recorder);
    const list = (id: number) => t.send({ jsonrpc: '2.0', id, method: 'tools/list', params: buildParams({}) }, { phase: 'test', timeoutMs: 60_000 });
    try {
      const one = await list(1);
      const two = await list(2);
      for (const ex of [one, two]) assert.equal(ex.failure, undefined, ex.failure?.message);
      const r1 = one.response as JsonObject & { result: { tools: JsonObject[] } };
      const r2 = two.response as typeof r1;
      assert.equal(r1.id, 1);
      assert.equal(r2.id, 2);
      assert.equal(r2.result.tools.length, 2000);
      assert.equal(r1.result, r2.result, 'the second answer reuses the first parse');
      assert.ok(Object.isFrozen(r2.result.tools[1999]!.inputSchema), 'shared values are frozen');
      assert.ok(!Object.isFrozen(r2), 'the envelope is the answer’s own');
      // Two requests and two answers on the wire; each long answer is kept as its head, cut.
      assert.deepEqual(
        recorder.entries.map((e) => e.from),
        ['harness', 'server', 'harness', 'server'],
      );
      for (const e of recorder.entries.filter((x) => x.from === 'server')) {
        assert.equal(e.truncated, true);
        assert.equal(e.raw?.length, 64 * 1024);
      }
      const fresh = JSON.parse(JSON.stringify(r2.result)) as unknown;
      assert.deepStrictEqual(r2.result, fresh);
    } finally {
      await t.close();
    }
  });
});
