/**
 * No false failures: the 2025-era reference server (server-everything, SDK v1) passes every 2025-era check over
 * stdio and HTTP, and the dual-era support-desk (SDK v2 serveStdio) passes the whole catalogue with both eras tested.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { startSupportDeskHttp, type SupportDeskHttp } from '../../examples/support-desk/http.js';
import { everythingStdio, startEverythingHttp, type EverythingHttp } from '../fixtures/servers/legacy/everything.js';
import { runDualAware } from '../fixtures/servers/legacy/dual-run.js';
import { byStatus, exampleStdio, explain, nodeFlags, result, run } from '../support/fixtures.js';

const LEGACY = selectChecks(CHECKS, ['legacy/']);
const NOT_PASSED = ['fail', 'warn', 'error', 'inconclusive', 'precondition-failed'] as const;

describe('server-everything (2025-11-25 reference) passes the 2025-era checks', () => {
  let http: EverythingHttp;
  before(async () => {
    http = await startEverythingHttp(nodeFlags());
  });
  after(() => http.close());

  for (const transport of ['stdio', 'http'] as const) {
    it(`over ${transport}, with --strict`, async () => {
      const spec = transport === 'http' ? { kind: 'http' as const, url: http.url } : everythingStdio();
      const r = await run(spec, { checks: LEGACY, strict: true, startupTimeoutMs: 30_000 });
      assert.equal(r.era, 'legacy', explain(r));
      assert.equal(r.server?.name, 'mcp-servers/everything');
      assert.deepEqual(byStatus(r, ...NOT_PASSED), [], explain(r));
      assert.deepEqual(byStatus(r, 'pass').length, LEGACY.filter((c) => c.transports.includes(transport)).length);
      // The SDK v1 answers -32602 for a missing resource: the 2026-07-28 code, accepted with a note.
      assert.match(result(r, 'legacy/resource-not-found').message ?? '', /-32602/);
      assert.match(result(r, 'legacy/tools-call').message ?? '', /^3 tool result/);
    });
  }
});

describe('support-desk: dual-era over stdio, modern-only over HTTP', () => {
  let http: SupportDeskHttp;
  before(async () => {
    http = await startSupportDeskHttp({ port: 0 });
  });
  after(() => http.close());

  it('over stdio both eras are tested; the 2025 sessions leave the modern verdicts and the wire audit alone', async () => {
    const spec = exampleStdio('support-desk/stdio');
    const [{ report: r, probe }, plain] = await Promise.all([runDualAware(spec, CHECKS, { strict: true }), run(spec, { strict: true })]);
    assert.equal(probe.era, 'modern');
    assert.equal(probe.dualEra, true);
    const stdioLegacy = LEGACY.filter((c) => c.transports.includes('stdio'));
    assert.deepEqual(
      stdioLegacy.map((c) => [c.id, result(r, c.id).status]),
      stdioLegacy.map((c) => [c.id, 'pass']),
      explain(r),
    );
    // The engine detects dual-era on its own, so a plain run tests both eras too; every modern verdict is the same.
    assert.deepEqual(
      stdioLegacy.map((c) => result(plain, c.id).status),
      stdioLegacy.map(() => 'pass'),
      explain(plain),
    );
    const modern = (x: typeof r) =>
      x.results
        .filter((y) => !y.checkId.startsWith('legacy/'))
        .map((y) => `${y.checkId}:${y.status}`)
        .sort();
    assert.deepEqual(modern(r), modern(plain), `${explain(r)}\n---\n${explain(plain)}`);
    // 2025 traffic is in the wire record, but the 2026-07-28 wire audit never judged it.
    assert.equal(result(r, 'wire/server-messages-valid').status, 'pass', explain(r));
    assert.ok(r.wire.some((w) => w.phase === 'legacy/ping' && w.from === 'server'));
    assert.ok(r.wire.some((w) => w.phase === 'dual-era' && w.from === 'server'));
  });

  it('over HTTP (legacy: reject) it is not dual-era, and the 2025-era checks are skipped', async () => {
    const { report: r, probe } = await runDualAware({ kind: 'http', url: http.url }, LEGACY);
    assert.equal(probe.era, 'modern');
    assert.equal(probe.dualEra, false);
    assert.deepEqual(
      byStatus(r, 'skip'),
      LEGACY.map((c) => c.id),
      explain(r),
    );
  });
});
