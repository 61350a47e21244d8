/** How many server processes one full check over stdio starts, and what each one is for. */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { exampleStdio, explain, run } from '../support/fixtures.js';
import { tempDir } from '../support/temp-dir.js';

/** A Node flag that appends one line to `log` each time a server process starts. */
function countingFlag(log: string): string[] {
  const code = `import { appendFileSync } from 'node:fs'; appendFileSync(${JSON.stringify(log)}, 'start\\n');`;
  return ['--import', `data:text/javascript,${encodeURIComponent(code)}`];
}

test('a full check of the dual-era support-desk over stdio starts 4 server processes, not one per 2025-era check', { timeout: 180_000 }, async () => {
  const dir = tempDir('mcp-assay-starts-');
  try {
    const log = path.join(dir, 'starts.log');
    const spec = exampleStdio('support-desk/stdio');
    const report = await run({ ...spec, args: [...countingFlag(log), ...spec.args] }, { concurrency: 8 });
    assert.equal(report.era, 'modern', explain(report));
    assert.ok(report.eraReason.includes('dual-era'), report.eraReason);
    const legacy = report.results.filter((r) => r.checkId.startsWith('legacy/'));
    assert.deepEqual(
      legacy.filter((r) => r.status !== 'pass' && r.status !== 'skip').map((r) => r.checkId),
      [],
      explain(report),
    );
    const starts = readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    // The run's own; the dual-era probe (whose 2025 session the 2025-era checks then share, and whose handshake
    // answers version negotiation's second question); version negotiation's unknown-version handshake; one copy
    // removed/initialize asks first and stdio/exit-on-eof then closes. errors/version-every-request has none: its
    // first question goes to the run's own process before any check's request.
    assert.equal(starts, 4);
    const checkTraffic = report.wire.filter((w) => w.from === 'harness' && !['probe', 'dual-era', 'shared'].includes(w.phase));
    const first = checkTraffic[0];
    assert.equal(first?.phase, 'errors/version-every-request', "the first check request of the run is version-every-request's question");
    assert.equal((first?.body as { params?: { _meta?: Record<string, unknown> } }).params?._meta?.['io.modelcontextprotocol/protocolVersion'], '2099-01-01');
    assert.match(report.results.find((r) => r.checkId === 'errors/version-every-request')?.message ?? '', /run's own process/, explain(report));
    const handshakes = report.wire.filter((w) => w.from === 'harness' && (w.body as { method?: unknown } | undefined)?.method === 'initialize');
    assert.equal(handshakes.length, 3, 'initialize sent by the dual-era probe (the shared session), version negotiation and removed/initialize');
    const judgedTwice = handshakes.filter((w) => w.sharedWith?.includes('legacy/version-negotiation'));
    assert.deepEqual(
      judgedTwice.map((w) => w.phase),
      ['dual-era'],
      'the wire record says version negotiation judged the probe handshake',
    );
    const eof = report.results.find((r) => r.checkId === 'stdio/exit-on-eof');
    assert.equal(eof?.status, 'pass', explain(report));
    const copy = report.wire.filter((w) => w.from === 'harness' && (w.phase === 'removed/initialize' || w.phase === 'stdio/exit-on-eof'));
    assert.deepEqual(
      copy.map((w) => (w.body as { method?: unknown }).method),
      ['initialize', 'server/discover'],
      'one copy: initialize as its first request, then the request before EOF',
    );
    const sharedUse = report.wire.filter((w) => w.from === 'harness' && w.phase.startsWith('legacy/') && w.channel === 'stdio');
    assert.ok(sharedUse.length > 0, 'the 2025-era checks sent their requests in the kept session');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
