import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../src/target/client.js';
import { HttpTransport } from '../../src/target/http.js';
import { openTransport } from '../../src/target/open.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { canStream, MessageStream, openClientStream, subscriptionIdOf } from '../../src/target/stream.js';
import type { Transport } from '../../src/target/transport.js';
import { startFlowsHttp, type FlowsHttp } from '../fixtures/servers/flows/http.js';
import { flowsStdio } from './flows-support.js';

const ACK = 'notifications/subscriptions/acknowledged';
const method = (m: unknown) => (m as { method?: string } | undefined)?.method;

describe('openStream: subscriptions/listen held open over both transports', () => {
  let fx: FlowsHttp;
  const open: Transport[] = [];
  before(async () => {
    fx = await startFlowsHttp({ port: 0 });
  });
  after(async () => {
    await Promise.all(open.map((t) => t.close()));
    await fx.close();
  });

  for (const kind of ['http', 'stdio'] as const)
    it(`${kind}: ack first, tagged notifications as they come, close cancels`, async () => {
      const rec = new WireRecorder();
      const transport = openTransport(kind === 'http' ? { kind: 'http', url: fx.url } : flowsStdio([]), rec);
      open.push(transport);
      assert.ok(canStream(transport));
      const client = new McpClient(transport, rec, { timeoutMs: 15_000 });
      const s = openClientStream(client, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { phase: 'test', timeoutMs: 20_000 })!;
      const first = await s.waitFor(() => true, 15_000);
      assert.equal(method(first?.message), ACK);
      const change = await s.waitFor((i) => method(i.message) === 'notifications/tools/list_changed', 2000);
      assert.ok(change, 'a list change arrives while the request is still open');
      assert.ok(change.via === (kind === 'http' ? 'stream' : 'tag'));
      assert.equal(subscriptionIdOf(change.message), s.request.id);
      assert.ok(!s.ended);
      await s.close();
      assert.equal(s.end, 'closed');
      const kept = s.items.length;
      if (kind === 'http') {
        const deadline = Date.now() + 2000;
        while (fx.listening() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        assert.equal(fx.listening(), 0, 'the server saw the stream close');
      } else {
        const cancel = rec.entries.find((e) => e.from === 'harness' && method(e.body) === 'notifications/cancelled');
        assert.deepEqual((cancel?.body as { params?: unknown }).params, { requestId: s.request.id, reason: 'listen window over' });
        // Let anything already in the pipe drain, then the server must have stopped tagging messages with this id.
        await new Promise((r) => setTimeout(r, 200));
        const lastSeq = rec.entries.at(-1)!.seq;
        await new Promise((r) => setTimeout(r, 500));
        const late = rec.entries.filter((e) => e.seq > lastSeq && subscriptionIdOf(e.body) === s.request.id);
        assert.equal(late.length, 0, 'notifications/cancelled ended the subscription');
      }
      assert.equal(s.items.length, kept, 'nothing is delivered after close');
      // The transport still serves ordinary requests afterwards.
      const ex = await client.request('tools/list', {});
      assert.ok(ex.response?.result);
    });

  it('http: a stream to a dead port fails with a transport error', async () => {
    const rec = new WireRecorder();
    const t = new HttpTransport({ url: 'http://127.0.0.1:1/mcp' }, rec);
    open.push(t);
    const s = t.openStream({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: {} }, { phase: 'x', timeoutMs: 3000 });
    await s.done;
    assert.equal(s.end, 'failure');
    assert.equal(s.failure?.failure, 'connect');
  });
});

describe('MessageStream', () => {
  it('ends on its own response, wakes waiters, iterates in order', async () => {
    const s = new MessageStream({ jsonrpc: '2.0', id: 7, method: 'subscriptions/listen' }, 'p');
    const waiting = s.waitFor((i) => method(i.message) === 'b', 1000);
    s.push({ seq: 1, message: { jsonrpc: '2.0', method: 'a' }, via: 'tag' });
    s.push({ seq: 2, message: { jsonrpc: '2.0', method: 'b' }, via: 'tag' });
    assert.equal((await waiting)?.seq, 2);
    s.push({ seq: 3, message: { jsonrpc: '2.0', id: 8, result: {} }, via: 'untagged' });
    assert.ok(!s.ended, 'a response to another id does not end it');
    s.push({ seq: 4, message: { jsonrpc: '2.0', id: 7, result: { resultType: 'complete' } }, via: 'id' });
    assert.equal(s.end, 'response');
    s.push({ seq: 5, message: { jsonrpc: '2.0', method: 'late' }, via: 'tag' });
    const seen: number[] = [];
    for await (const i of s) seen.push(i.seq);
    assert.deepEqual(seen, [1, 2, 3, 4]);
    assert.deepEqual(s.evidence, [1, 2, 3, 4]);
    assert.equal(await s.waitFor(() => false, 5000), undefined, 'an ended stream does not wait');
  });

  it('a server cancel for its id ends it; close is idempotent and cancels once', async () => {
    const s = new MessageStream({ jsonrpc: '2.0', id: 'L', method: 'subscriptions/listen' }, 'p');
    let cancels = 0;
    s.onClose(() => cancels++);
    await s.close();
    await s.close();
    assert.equal(cancels, 1);
    const u = new MessageStream({ jsonrpc: '2.0', id: 'L', method: 'subscriptions/listen' }, 'p');
    u.push({ seq: 1, message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'L' } }, via: 'id' });
    assert.equal(u.end, 'server-cancelled');
  });
});
