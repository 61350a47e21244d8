import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Masker } from '../../src/core/mask.js';
import { Deadline, settlesWithin, withDeadline } from '../../src/target/deadline.js';
import { TransportError, toTransportError } from '../../src/target/errors.js';
import { httpGet } from '../../src/target/http-get.js';
import { probeHttp } from '../../src/target/http-probe.js';
import { HttpTransport } from '../../src/target/http.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { StdioTransport } from '../../src/target/stdio.js';

const PING = { jsonrpc: '2.0' as const, id: 1, method: 'ping', params: {} };
const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

async function listen(s: Server | net.Server): Promise<string> {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`;
}

async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
}

describe('withDeadline and Deadline', () => {
  it('passes the value through and leaves no timer behind', async () => {
    const before = timers();
    assert.equal(await withDeadline(async (signal) => (signal.aborted ? 0 : 42), 60_000, 'answer'), 42);
    assert.equal(timers(), before);
  });

  it("passes the work's own error through, and clears the timer", async () => {
    const before = timers();
    await assert.rejects(withDeadline(Promise.reject(new Error('own')), 60_000, 'answer'), /own/);
    assert.equal(timers(), before);
  });

  it("rejects with a timeout naming what did not come, and aborts the work's signal", async () => {
    let seen: AbortSignal | undefined;
    const { ms } = await timed(() =>
      withDeadline((signal) => ((seen = signal), new Promise<never>(() => undefined)), 100, 'answer').catch((e: unknown) => {
        assert.ok(e instanceof TransportError);
        assert.equal(e.failure, 'timeout');
        assert.equal(e.message, 'no answer within 100 ms');
      }),
    );
    assert.ok(seen?.aborted, 'the signal handed to the work is aborted');
    assert.ok(ms >= 90 && ms < 2000, `took ${ms} ms`);
  });

  it("uses the caller's error when given one", async () => {
    await assert.rejects(
      withDeadline(new Promise<never>(() => undefined), 50, (ms) => new RangeError(`budget of ${ms} ms`)),
      (e: unknown) => e instanceof RangeError && e.message === 'budget of 50 ms',
    );
  });

  it("ends at once with `aborted` when the caller's signal fires, also when it fired before the start", async () => {
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    const { value, ms } = await timed(() => withDeadline(new Promise<never>(() => undefined), 60_000, 'answer', ctl.signal).catch((e: unknown) => e));
    assert.ok(value instanceof TransportError && value.failure === 'aborted');
    assert.ok(ms < 2000);
    const late = await withDeadline(new Promise<never>(() => undefined), 60_000, 'answer', ctl.signal).catch((e: unknown) => e);
    assert.ok(late instanceof TransportError && late.failure === 'aborted');
  });

  it('tells its own time running out from the caller stopping it', async () => {
    const own = new Deadline(10, 'answer');
    await new Promise((r) => setTimeout(r, 30));
    assert.ok(own.expired && own.timedOut);
    const ctl = new AbortController();
    const outer = new Deadline(60_000, 'answer', ctl.signal);
    ctl.abort();
    assert.ok(outer.expired && !outer.timedOut);
    outer.dispose();
    own.dispose();
  });

  it('bounds a wait by what is left of it, never below 1 ms', async () => {
    const d = new Deadline(200, 'end of the run');
    assert.equal(d.left(50), 50);
    assert.ok(d.left(10_000) <= 200);
    await new Promise((r) => setTimeout(r, 250));
    assert.equal(d.left(10_000), 1);
    d.dispose();
  });

  it('settlesWithin says whether a promise settled in time, and never rejects', async () => {
    assert.equal(await settlesWithin(Promise.resolve(), 1000), true);
    assert.equal(await settlesWithin(Promise.reject(new Error('x')), 1000), true);
    assert.equal(await settlesWithin(new Promise(() => undefined), 30), false);
  });
});

describe('toTransportError: one mapping of undici, net and child_process errors', () => {
  it('maps error codes to failure kinds', () => {
    const kind = (code: string) => toTransportError(Object.assign(new Error('x'), { code }), { url: 'http://127.0.0.1:1/' }).failure;
    assert.equal(kind('ECONNREFUSED'), 'connect');
    assert.equal(kind('ENOTFOUND'), 'connect');
    assert.equal(kind('UND_ERR_CONNECT_TIMEOUT'), 'connect');
    assert.equal(kind('ECONNRESET'), 'closed');
    assert.equal(kind('UND_ERR_SOCKET'), 'closed');
    assert.equal(kind('UND_ERR_HEADERS_TIMEOUT'), 'timeout');
    assert.equal(kind('UND_ERR_BODY_TIMEOUT'), 'timeout');
    assert.equal(kind('HPE_INVALID_CONSTANT'), 'protocol');
    assert.equal(toTransportError('a string').failure, 'protocol');
  });

  it("keeps our own errors, and a deadline's reason over the abort error it caused", () => {
    const own = new TransportError('too-large', 'big');
    assert.equal(toTransportError(own), own);
    const ctl = new AbortController();
    const reason = new TransportError('timeout', 'no answer within 5 ms');
    ctl.abort(reason);
    assert.equal(toTransportError(new DOMException('aborted', 'AbortError'), { signal: ctl.signal }), reason);
  });
});

describe('transports against real servers on 127.0.0.1', () => {
  const silent = createServer(() => undefined); // accepts, never answers
  const cutter = createServer((req) => req.socket.destroy()); // hangs up mid-exchange
  const garbage = net.createServer((sock) => sock.end('this is not HTTP\r\n\r\n'));
  let silentUrl = '';
  let cutterUrl = '';
  let garbageUrl = '';
  let refusedUrl = '';
  const recorder = () => new WireRecorder(new Masker());

  before(async () => {
    silentUrl = await listen(silent);
    cutterUrl = await listen(cutter);
    garbageUrl = await listen(garbage);
    const gone = createServer();
    refusedUrl = await listen(gone);
    await new Promise((r) => gone.close(r));
  });
  after(() => {
    silent.closeAllConnections();
    silent.close();
    cutter.close();
    garbage.close();
  });

  it('a POST to a silent server times out within its own timeout', async () => {
    const t = new HttpTransport({ url: silentUrl }, recorder());
    const { value: ex, ms } = await timed(() => t.send(PING, { phase: 'test', timeoutMs: 300 }));
    await t.close(100);
    assert.equal(ex.failure?.failure, 'timeout');
    assert.equal(ex.failure?.message, 'no complete answer within 300 ms');
    assert.ok(ms < 3000, `took ${ms} ms`);
  });

  it('a POST ends as `aborted` when the run is stopped', async () => {
    const t = new HttpTransport({ url: silentUrl }, recorder());
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const { value: ex, ms } = await timed(() => t.send(PING, { phase: 'test', timeoutMs: 30_000, signal: ctl.signal }));
    await t.close(100);
    assert.equal(ex.failure?.failure, 'aborted');
    assert.ok(ms < 3000, `took ${ms} ms`);
  });

  it('raw requests, GETs and probes share the same deadline and mapping', async () => {
    const t = new HttpTransport({ url: silentUrl }, recorder());
    const raw = await t.raw({ method: 'GET', headers: {}, phase: 'test', timeoutMs: 200 });
    await t.close(100);
    assert.equal(raw.failure?.message, 'no answer within 200 ms');
    const get = await httpGet(silentUrl, { timeoutMs: 200, recorder: recorder(), phase: 'test' });
    assert.equal(get.failure?.failure, 'timeout');
    const probe = await probeHttp({ url: silentUrl }, recorder(), { method: 'GET', headers: {}, phase: 'test', timeoutMs: 200, endWithinMs: 100 });
    assert.equal(probe.failure?.message, 'no answer within 200 ms');
  });

  it('a refused port is `connect`, a hang-up is `closed`, a reply that is not HTTP is `protocol`', async () => {
    for (const [url, kind] of [
      [refusedUrl, 'connect'],
      [cutterUrl, 'closed'],
      [garbageUrl, 'protocol'],
    ] as const) {
      const t = new HttpTransport({ url }, recorder());
      const ex = await t.send(PING, { phase: 'test', timeoutMs: 5000 });
      await t.close(100);
      assert.equal(ex.failure?.failure, kind, `${url}: ${ex.failure?.message}`);
      const probe = await probeHttp({ url }, recorder(), { method: 'POST', headers: {}, body: '{}', phase: 'test', timeoutMs: 5000, endWithinMs: 100 });
      assert.equal(probe.failure?.failure, kind, `probe ${url}: ${probe.failure?.message}`);
    }
  });

  it('a stream on a silent server is closed at its deadline', async () => {
    const t = new HttpTransport({ url: silentUrl }, recorder());
    const s = t.openStream(PING, { phase: 'test', timeoutMs: 200 });
    const { ms } = await timed(() => s.done);
    await t.close(100);
    assert.equal(s.end, 'deadline');
    assert.ok(ms < 3000, `took ${ms} ms`);
  });
});

describe('stdio transport deadlines against a real child process', () => {
  const silentChild = () =>
    new StdioTransport({ command: process.execPath, args: ['-e', 'process.stdin.resume(); setInterval(() => {}, 1000)'] }, new WireRecorder(new Masker()));

  it('a request to a process that never answers times out, and the process is ended', async () => {
    const t = silentChild();
    const { value: ex, ms } = await timed(() => t.send(PING, { phase: 'test', timeoutMs: 300 }));
    assert.equal(ex.failure?.failure, 'timeout');
    assert.equal(ex.failure?.message, 'no answer within 300 ms');
    assert.ok(ms < 3000, `took ${ms} ms`);
    await t.close(200);
    assert.ok(t.exit, 'the child is gone after close');
  });

  it('a request ends as `aborted` when the run is stopped, also when it was stopped before', async () => {
    const t = silentChild();
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const { value: ex, ms } = await timed(() => t.send(PING, { phase: 'test', timeoutMs: 30_000, signal: ctl.signal }));
    assert.equal(ex.failure?.failure, 'aborted');
    assert.ok(ms < 3000);
    const again = await t.send({ ...PING, id: 2 }, { phase: 'test', timeoutMs: 30_000, signal: ctl.signal });
    assert.equal(again.failure?.failure, 'aborted');
    await t.close(200);
  });

  it('a command that does not exist is a `spawn` failure', async () => {
    const t = new StdioTransport({ command: 'mcp-assay-no-such-command', args: [] }, new WireRecorder(new Masker()));
    const ex = await t.send(PING, { phase: 'test', timeoutMs: 5000 });
    await t.close(100);
    assert.equal(ex.failure?.failure, 'spawn');
    assert.match(ex.failure?.message ?? '', /cannot start `mcp-assay-no-such-command`: command not found/);
  });
});
