import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { serverMessagesValid } from '../../src/checks/wire/server-messages-valid.js';
import { byStatus, exampleStdio, explain, result, run } from '../support/fixtures.js';

// The wire audit sees most faults too; the matrix judges the specific checks, and the wire check's own trips one by one.
const SPECIFIC = selectChecks(CHECKS, [], ['wire/']);

describe('the flawed server with no faults is correct', () => {
  let http: Awaited<ReturnType<typeof startFlawedHttp>>;
  before(async () => {
    http = await startFlawedHttp({ faults: [], port: 0 });
  });
  after(() => http.close());

  for (const transport of ['http', 'stdio'] as const) {
    it(`passes every check over ${transport}, also with --strict`, async () => {
      const spec = transport === 'http' ? { kind: 'http' as const, url: http.url } : exampleStdio('flawed-server/stdio', ['--faults', 'none']);
      const r = await run(spec, { strict: true });
      assert.deepEqual(byStatus(r, 'fail', 'warn', 'error', 'inconclusive'), [], explain(r));
      // The capability check is exercised here (confirm_lookup needs elicitation), not skipped.
      assert.equal(result(r, 'capabilities/undeclared-client-capability').status, 'pass', explain(r));
      // Skips only where a check does not apply: another transport, the 2025 era on a modern-only server, an optional feature not offered.
      for (const x of r.results.filter((y) => y.status === 'skip'))
        assert.match(
          x.message ?? '',
          /applies to (http|stdio) only|a requirement of 2025-11-25 only; this server is graded in 2026-07-28|the Tasks extension does not apply|does not require authorization \(optional in MCP\)/,
          x.checkId,
        );
    });
  }
});

/** Faults whose messages break the 2026-07-28 schema itself (the wire check's own trips, proven by the matrix), and faults whose messages stay well-formed. */
const WIRE_INVALID = ['result-type-missing'];
/** Invalid wire whose only issues a dedicated check reports: one finding per root cause, named in the wire check's note. */
const WIRE_DEFERRED: Record<string, string> = { 'cache-hints-missing': 'caching/cacheable-results', 'discover-missing-fields': 'caching/cacheable-results' };
const WIRE_VALID = ['tools-order-unstable', 'headers-name-unchecked', 'schema-dangling-ref', 'capability-unchecked'];

describe('wire/server-messages-valid', () => {
  const WIRE = selectChecks(CHECKS, ['wire/']);
  for (const [fault, owner] of Object.entries(WIRE_DEFERRED)) {
    it(`leaves ${fault} to ${owner} (same cause)`, async () => {
      const s = await startFlawedHttp({ faults: [fault], port: 0 });
      try {
        const r = await run({ kind: 'http', url: s.url }, { checks: [...SPECIFIC, ...WIRE] });
        assert.equal(result(r, 'wire/server-messages-valid').status, 'pass', explain(r));
        assert.match(result(r, 'wire/server-messages-valid').message ?? '', new RegExp(`same cause as ${owner}`));
        assert.equal(result(r, owner).status, 'fail', explain(r));
      } finally {
        await s.close();
      }
    });
  }
  it('declares the faults that break the schema', () => {
    const declared = (serverMessagesValid.trippedBy ?? []).filter((t) => t.fixture === 'flawed-server').map((t) => t.fault);
    for (const f of WIRE_INVALID) assert.ok(declared.includes(f), f);
    assert.deepEqual(
      declared.filter((f) => WIRE_VALID.includes(f) || f in WIRE_DEFERRED),
      [],
    );
  });
  for (const fault of [...WIRE_INVALID, ...WIRE_VALID]) {
    it(`${WIRE_INVALID.includes(fault) ? 'fails' : 'passes'} with ${fault}`, async () => {
      const s = await startFlawedHttp({ faults: [fault], port: 0 });
      try {
        const r = await run({ kind: 'http', url: s.url }, { checks: [...SPECIFIC, ...WIRE] });
        const x = result(r, 'wire/server-messages-valid');
        assert.equal(x.status, WIRE_INVALID.includes(fault) ? 'fail' : 'pass', explain(r));
        if (x.status === 'fail') assert.match(x.actual ?? '', /#\d+/, 'names the offending message');
      } finally {
        await s.close();
      }
    });
  }
});
