import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AREAS, CHECKS, selectChecks } from '../../src/checks/index.js';
import { LEGACY_FAULTS } from '../fixtures/servers/legacy/faults.js';
import { startLegacyHttp, type LegacyHttp } from '../fixtures/servers/legacy/http.js';
import { byStatus, exampleStdio, explain, result, run } from '../support/fixtures.js';
import { describeFaults } from '../support/fault-cases.js';
import { TRIPS } from '../support/fault-matrix.js';

const LEGACY = selectChecks(CHECKS, ['legacy/']);
const legacyStdio = (faults: string) => exampleStdio('../test/fixtures/servers/legacy/stdio', ['--faults', faults]);

describe('the eras family', () => {
  it('registers every legacy check, 2025-era only, with a SpecRef ending at 2026-07-28', () => {
    assert.deepEqual(
      LEGACY.map((c) => c.id),
      (AREAS['legacy'] ?? []).map((c) => c.id).sort(),
    );
    for (const c of LEGACY) {
      assert.deepEqual(c.eras, ['legacy'], c.id);
      assert.equal(c.spec.revision.until, '2026-07-28', c.id);
      assert.ok(c.spec.revision.since <= '2025-11-25', c.id);
    }
  });

  it('has a fault for every check, and every fault trips a check', () => {
    assert.deepEqual(
      LEGACY.filter((c) => !c.trippedBy?.some((t) => t.fixture === 'legacy')).map((c) => c.id),
      [],
    );
    const declared = new Set(TRIPS.filter((t) => t.fixture === 'legacy').map((t) => t.fault));
    assert.deepEqual(
      Object.keys(LEGACY_FAULTS).filter((f) => !declared.has(f)),
      [],
    );
  });
});

/** Each fault of the 2025-era fixture makes exactly the checks that declare it fail (MUST) or warn (SHOULD), graded in the 2025 era. */
describeFaults('legacy');

describe('the 2025-era fixture with no faults', () => {
  let http: LegacyHttp;
  before(async () => {
    http = await startLegacyHttp();
  });
  after(() => http.close());

  for (const transport of ['http', 'stdio'] as const) {
    it(`passes every 2025-era check over ${transport}, also with --strict, and ends its sessions`, async () => {
      const spec = transport === 'http' ? { kind: 'http' as const, url: http.url } : legacyStdio('none');
      const r = await run(spec, { checks: LEGACY, strict: true });
      assert.equal(r.era, 'legacy', explain(r));
      assert.deepEqual(byStatus(r, 'fail', 'warn', 'error', 'inconclusive', 'precondition-failed'), [], explain(r));
      assert.deepEqual(
        byStatus(r, 'skip'),
        transport === 'http' ? [] : ['legacy/get-stream-or-405', 'legacy/protocol-version-header', 'legacy/session-id-visible-ascii'],
      );
      assert.match(result(r, 'legacy/resource-not-found').message ?? '', /-32002/);
      // One 2025 session shared by the checks (initialize, notifications/initialized, then their requests), and the
      // unknown-version one of version negotiation; its second question (the version offered, 2025-11-25) is the one
      // the shared handshake asked, judged there and marked so.
      const inits = r.wire.filter((w) => w.from === 'harness' && (w.body as { method?: string })?.method === 'initialize');
      assert.deepEqual(
        inits
          .map((w) => w.phase)
          .filter((p) => p !== 'probe')
          .sort(),
        ['legacy/version-negotiation', 'shared'],
        'one shared handshake',
      );
      assert.deepEqual(inits.find((w) => w.phase === 'shared')?.sharedWith, ['legacy/version-negotiation']);
      if (transport === 'http') {
        // Every session ends with DELETE: each check's, and the probe's when the engine closes the target.
        assert.equal(http.sessions(), 0, 'each session is DELETEd');
        const legacyPosts = r.wire.filter((w) => w.from === 'harness' && w.phase.startsWith('legacy/') && w.http?.method === 'POST');
        for (const w of legacyPosts) {
          const h = w.http?.headers ?? {};
          assert.ok(!('Mcp-Method' in h) && !('Mcp-Name' in h), `no modern headers on a 2025 request (#${w.seq})`);
          const method = (w.body as { method?: string }).method;
          if (method !== 'initialize') assert.ok('MCP-Protocol-Version' in h && 'Mcp-Session-Id' in h, `${method} carries the session and version (#${w.seq})`);
          assert.equal(JSON.stringify(w.body).includes('"_meta"'), false, `no _meta on a 2025 request (#${w.seq})`);
        }
      }
    });
  }
});
