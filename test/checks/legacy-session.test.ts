import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { startSupportDeskHttp, type SupportDeskHttp } from '../../examples/support-desk/http.js';
import { resultOf } from '../../src/target/client.js';
import { detectDualEra, DUAL_ERA_PHASE } from '../../src/target/dual-era.js';
import { LegacySession, withLegacySession } from '../../src/target/legacy-session.js';
import { UnauditedRecorder } from '../../src/target/unaudited-recorder.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { StdioTransport } from '../../src/target/stdio.js';
import { WireAudit } from '../../src/target/wire-audit.js';
import { startLegacyHttp, type LegacyHttp } from '../fixtures/servers/legacy/http.js';
import { exampleStdio } from '../support/fixtures.js';

const auditedRecorder = () => new WireRecorder(undefined, undefined, new WireAudit());
const legacyStdio = () => exampleStdio('../test/fixtures/servers/legacy/stdio', ['--faults', 'none']);
const OPTS = { phase: 'test', timeoutMs: 5000, startupTimeoutMs: 15_000 };

describe('unaudited recorder view', () => {
  it('numbers and keeps entries with the run, out of sight of the 2026-07-28 wire audit', () => {
    const rec = auditedRecorder();
    const view = new UnauditedRecorder(rec);
    const a = rec.record({ from: 'server', channel: 'stdio', phase: 'x', json: { jsonrpc: '2.0', id: 1, result: {} } });
    const b = view.record({ from: 'server', channel: 'stdio', phase: 'legacy/ping', json: { jsonrpc: '2.0', id: 2, result: {} } });
    const c = rec.record({ from: 'server', channel: 'stdio', phase: 'x', json: { jsonrpc: '2.0', id: 3, result: {} } });
    assert.deepEqual([a, b, c], [1, 2, 3]);
    assert.deepEqual(
      rec.entries.map((e) => e.phase),
      ['x', 'legacy/ping', 'x'],
    );
    assert.equal(rec.audit?.serverMessages, 2, 'only the two modern messages were audited');
    assert.equal(view.audit, undefined);
    assert.deepEqual(rec.entries[1]?.body, { jsonrpc: '2.0', id: 2, result: {} }, 'kept as JSON evidence');
  });
});

describe('LegacySession over HTTP', () => {
  let http: LegacyHttp;
  let noDelete: LegacyHttp;
  before(async () => {
    [http, noDelete] = await Promise.all([startLegacyHttp(), startLegacyHttp({ sessionDelete: false })]);
  });
  after(() => Promise.all([http.close(), noDelete.close()]));

  it('initializes, carries the session and version, and DELETEs the session at the end', async () => {
    const rec = auditedRecorder();
    const s = await LegacySession.open({ kind: 'http', url: http.url }, rec, OPTS);
    assert.ok(s.ready);
    assert.equal(s.version, '2025-11-25');
    assert.match(s.sessionId ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(s.initialized?.http?.status, 202, 'notifications/initialized accepted');
    assert.equal(http.sessions(), 1);
    const tools = await s.request('tools/list');
    assert.equal((resultOf(tools)?.tools as unknown[]).length, 3);
    await s.close();
    assert.equal(http.sessions(), 0);
    const del = rec.entries.find((e) => e.http?.method === 'DELETE');
    assert.equal(rec.entries[rec.entries.indexOf(del!) + 1]?.http?.status, 200);
    assert.equal(rec.audit?.serverMessages, 0);
  });

  it('tolerates 405 on DELETE, and a refused handshake is not ready', async () => {
    const rec = auditedRecorder();
    await withLegacySession({ kind: 'http', url: noDelete.url }, rec, OPTS, async (s) => assert.ok(s.ready));
    const del = rec.entries.findIndex((e) => e.http?.method === 'DELETE');
    assert.equal(rec.entries[del + 1]?.http?.status, 405);
    const desk = await startSupportDeskHttp({ port: 0 });
    try {
      const refused = await LegacySession.open({ kind: 'http', url: desk.url }, rec, OPTS);
      assert.equal(refused.ready, false);
      assert.equal(refused.initialized, undefined, 'no initialized notification after a refusal');
      await refused.close();
    } finally {
      await desk.close();
    }
  });
});

describe('LegacySession over stdio', () => {
  it('runs in its own process, which is gone after close', async () => {
    const rec = auditedRecorder();
    let transport: StdioTransport | undefined;
    await withLegacySession(legacyStdio(), rec, OPTS, async (s) => {
      assert.ok(s.ready);
      assert.equal(s.sessionId, undefined);
      assert.deepEqual(resultOf(await s.request('ping')), {});
      transport = s.transport as StdioTransport;
      assert.ok(transport.pid && transport.pid !== process.pid);
    });
    assert.ok(transport?.exit, 'the process exited');
    assert.equal(transport?.deadReason !== undefined, true);
  });
});

describe('detectDualEra', () => {
  let desk: SupportDeskHttp;
  let flawed: Awaited<ReturnType<typeof startFlawedHttp>>;
  before(async () => {
    [desk, flawed] = await Promise.all([startSupportDeskHttp({ port: 0 }), startFlawedHttp({ faults: [], port: 0 })]);
  });
  after(() => Promise.all([desk.close(), flawed.close()]));

  it('support-desk over stdio (SDK serveStdio) serves both eras', async () => {
    const rec = auditedRecorder();
    assert.equal(await detectDualEra(exampleStdio('support-desk/stdio'), rec, 15_000), true);
    assert.ok(rec.entries.length >= 2 && rec.entries.every((e) => e.phase === DUAL_ERA_PHASE));
    assert.equal(rec.audit?.serverMessages, 0);
  });

  it('hands over the session of a server that served it, open and usable, instead of closing it', async () => {
    const rec = auditedRecorder();
    let kept: LegacySession | undefined;
    assert.equal(await detectDualEra(exampleStdio('support-desk/stdio'), rec, 15_000, undefined, { requestTimeoutMs: 5000, take: (s) => (kept = s) }), true);
    assert.ok(kept?.ready, 'the handshake succeeded and the process is still running');
    try {
      const tools = await kept.request('tools/list');
      assert.ok(Array.isArray(resultOf(tools)?.tools), 'a 2025 request in the kept session is answered');
    } finally {
      await kept.close();
    }
    assert.notEqual(kept.transport.deadReason, undefined, 'closed by its new owner');
  });

  it('closes the session of a server that refused it, even when asked to keep one', async () => {
    let taken = false;
    assert.equal(
      await detectDualEra({ kind: 'http', url: desk.url }, auditedRecorder(), 5000, undefined, { requestTimeoutMs: 5000, take: () => (taken = true) }),
      false,
    );
    assert.equal(taken, false);
  });

  it('support-desk over HTTP with legacy: reject does not', async () => {
    const rec = auditedRecorder();
    assert.equal(await detectDualEra({ kind: 'http', url: desk.url }, rec, 5000), false);
    const answer = rec.entries.find((e) => e.from === 'server');
    assert.equal(answer?.http?.status, 400);
    // The initialize POST is a plain 2025 one: no modern headers.
    const sent = rec.entries.find((e) => e.from === 'harness')?.http?.headers ?? {};
    assert.deepEqual(
      Object.keys(sent).filter((h) => /^mcp-/i.test(h)),
      [],
    );
  });

  it('the modern-only flawed server does not, on either transport', async () => {
    assert.equal(await detectDualEra({ kind: 'http', url: flawed.url }, auditedRecorder(), 5000), false);
    assert.equal(await detectDualEra(exampleStdio('flawed-server/stdio', ['--faults', 'none']), auditedRecorder(), 15_000), false);
  });

  it('a silent server is not dual-era, and the wait is bounded', async () => {
    const t0 = performance.now();
    const silent = { kind: 'stdio' as const, command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] };
    assert.equal(await detectDualEra(silent, auditedRecorder(), 300), false);
    assert.ok(performance.now() - t0 < 10_000);
  });
});
