import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { byStatus, exampleStdio, explain, result, run } from '../support/fixtures.js';
import { assertTrips, type FaultCase } from '../support/fault-cases.js';

// The wire audit sees most faults too; it has its own cases below, so the matrix judges the specific checks.
const SPECIFIC = selectChecks(CHECKS, [], ['wire/']);

/**
 * Every check has a broken fixture that trips it: each fault of the flawed server must make exactly the checks it
 * names fail (MUST) or warn (SHOULD), and leave every other check alone (no collateral false failures).
 */
const CASES: FaultCase[] = [
  { fault: 'discover-unimplemented', fail: ['discover/implemented'] },
  // The lie shows twice: discover omits the version, and -32022's data.supported disagrees with discover.
  { fault: 'discover-missing-version', fail: ['discover/supported-versions', 'errors/unsupported-version'] },
  { fault: 'discover-missing-fields', fail: ['caching/cacheable-results', 'discover/implemented'] },
  { fault: 'tools-order-unstable', warn: ['tools/list-order-stable'] },
  { fault: 'cache-hints-missing', fail: ['caching/cacheable-results'] },
  { fault: 'cache-hints-invalid', fail: ['caching/cacheable-results'] },
  { fault: 'result-type-missing', fail: ['results/result-type'] },
  { fault: 'result-type-unknown', fail: ['results/result-type'] },
  { fault: 'schema-root-not-object', fail: ['tools/input-schema-object'] },
  { fault: 'schema-invalid', fail: ['tools/schema-valid'] },
  { fault: 'schema-network-ref', warn: ['tools/schema-no-network-ref'] },
  { fault: 'schema-dangling-ref', fail: ['tools/schema-valid'] },
  { fault: 'schema-hostile', warn: ['tools/schema-bounded'] },
  { fault: 'version-unchecked', fail: ['errors/unsupported-version'] },
  { fault: 'version-error-bad-data', fail: ['errors/unsupported-version'] },
  { fault: 'meta-unchecked', fail: ['meta/missing-client-capabilities', 'meta/missing-meta', 'meta/missing-protocol-version'] },
  // Removed methods are unknown methods too, so the same fault trips the removed/* family.
  {
    fault: 'unknown-method-wrong',
    fail: ['errors/unknown-method', 'removed/initialize', 'removed/logging-set-level', 'removed/ping', 'removed/resources-subscribe', 'removed/resources-unsubscribe'],
  },
  { fault: 'resource-missing-legacy-code', fail: ['resources/read-missing'] },
  { fault: 'resource-missing-empty', fail: ['resources/read-missing'] },
  { fault: 'capability-unchecked', fail: ['capabilities/undeclared-client-capability'] },
  { fault: 'headers-method-unchecked', fail: ['http-headers/method-mismatch', 'http-headers/method-missing', 'http-headers/method-value-case'], transports: ['http'] },
  { fault: 'headers-name-unchecked', fail: ['http-headers/name-base64', 'http-headers/name-mismatch', 'http-headers/name-missing'], transports: ['http'] },
  {
    fault: 'headers-wrong-code',
    fail: [
      'http-headers/method-mismatch',
      'http-headers/method-missing',
      'http-headers/method-value-case',
      'http-headers/name-base64',
      'http-headers/name-mismatch',
      'http-headers/name-missing',
      'http-headers/param-invalid',
      'http-headers/param-mismatch',
      'http-headers/param-missing',
      'http-headers/protocol-version-mismatch',
      'http-headers/protocol-version-missing',
    ],
    transports: ['http'],
  },
  { fault: 'stdout-garbage', fail: ['stdio/stdout-json-only'], transports: ['stdio'] },
];

describe('each flawed-server fault trips exactly its checks', () => {
  const servers: { close(): Promise<void> }[] = [];
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  for (const c of CASES) {
    for (const transport of c.transports ?? (['http', 'stdio'] as const)) {
      it(`${c.fault} over ${transport}`, async () => {
        let spec;
        if (transport === 'http') {
          const s = await startFlawedHttp({ faults: [c.fault], port: 0 });
          servers.push(s);
          spec = { kind: 'http' as const, url: s.url };
        } else spec = exampleStdio('flawed-server/stdio', ['--faults', c.fault]);
        const r = await run(spec, { checks: SPECIFIC });
        assertTrips(r, c);
      });
    }
  }
});

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
      for (const x of r.results.filter((y) => y.status === 'skip')) assert.match(x.message ?? '', /applies to (http|stdio) only|a requirement of 2025-11-25 only; this server is graded in 2026-07-28|the Tasks extension does not apply|does not require authorization \(optional in MCP\)/, x.checkId);
    });
  }
});

/** Faults whose messages break the 2026-07-28 schema itself, and faults whose messages stay well-formed. */
const WIRE_INVALID = ['result-type-missing', 'result-type-unknown', 'cache-hints-invalid', 'version-error-bad-data', 'resource-missing-legacy-code'];
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
