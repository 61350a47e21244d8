import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FAULTS } from '../../examples/flawed-server/faults.js';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { exampleStdio, run } from '../support/fixtures.js';
import { assertTrips, type FaultCase } from '../support/fault-cases.js';

// The wire audit sees many of these faults too; the table judges the specific checks.
const SURFACE_CHECKS = selectChecks(CHECKS, ['meta/', 'discover/', 'errors/', 'results/', 'tools/', 'resources/', 'prompts/', 'completion/', 'pagination/', 'trace/']);
const SPECIFIC = selectChecks(CHECKS, [], ['wire/']);

/**
 * Each surface fault of the flawed server makes exactly the checks it names fail (MUST) or warn (SHOULD), over both
 * transports, and leaves every other check of the catalogue alone.
 */
export const SURFACE_CASES: FaultCase[] = [
  { fault: 'client-info-required', fail: ['meta/client-info-optional'] },
  { fault: 'capabilities-carried-over', fail: ['meta/capabilities-per-request'] },
  { fault: 'server-info-missing', warn: ['discover/server-info', 'results/server-info'] },
  // Advertised but not implemented: the capability check and the completion check both see it.
  { fault: 'completion-unimplemented', fail: ['completion/complete', 'discover/capabilities-match'] },
  { fault: 'completion-unadvertised', fail: ['discover/capabilities-match'] },
  { fault: 'version-unchecked-after-call', fail: ['errors/version-every-request'] },
  { fault: 'structured-content-invalid', fail: ['results/structured-content-valid'] },
  { fault: 'text-mirror-missing', warn: ['results/structured-content-text'] },
  { fault: 'tool-errors-as-rpc', warn: ['results/execution-error-is-result'] },
  { fault: 'unknown-tool-result', fail: ['tools/unknown-tool'] },
  { fault: 'tool-names-invalid', warn: ['tools/name-format'] },
  // -32050 for an unknown tool: the wrong code for the case, and a code nobody allocated.
  { fault: 'error-code-reserved', fail: ['errors/code-allocation', 'tools/unknown-tool'] },
  { fault: 'resources-list-invalid', fail: ['resources/list-valid'] },
  { fault: 'resource-read-wrong-uri', fail: ['resources/read-listed'] },
  { fault: 'templates-list-invalid', fail: ['resources/templates-list'] },
  { fault: 'prompts-list-invalid', fail: ['prompts/list-valid'] },
  { fault: 'prompt-messages-invalid', fail: ['prompts/get-listed'] },
  { fault: 'prompt-unknown-wrong-code', warn: ['prompts/unknown-prompt'] },
  { fault: 'prompt-missing-argument-served', warn: ['prompts/missing-argument'] },
  { fault: 'completion-invalid', fail: ['completion/complete'] },
  { fault: 'cursor-ignored', warn: ['pagination/invalid-cursor'] },
  // Now that resources/list has two pages, the per-page cacheScope rule of the caching check is exercised too.
  { fault: 'cache-scope-per-page', fail: ['caching/cacheable-results'] },
  { fault: 'trace-context-rejected', fail: ['trace/context-accepted'] },
];

describe('surface faults trip exactly their checks', { concurrency: 4 }, () => {
  const servers: { close(): Promise<void> }[] = [];
  after(() => Promise.all(servers.map((s) => s.close())));

  it('has a case for every fault, and every surface check is tripped by some fault', () => {
    for (const c of SURFACE_CASES) assert.ok(Object.hasOwn(FAULTS, c.fault), `${c.fault} is a known fault`);
    const tripped = new Set(SURFACE_CASES.flatMap((c) => [...(c.fail ?? []), ...(c.warn ?? [])]));
    assert.deepEqual(SURFACE_CHECKS.map((c) => c.id).filter((id) => !tripped.has(id)), []);
  });

  for (const c of SURFACE_CASES) {
    for (const transport of ['http', 'stdio'] as const) {
      it(`${c.fault} over ${transport}`, async () => {
        let spec;
        if (transport === 'http') {
          const s = await startFlawedHttp({ faults: [c.fault], port: 0 });
          servers.push(s);
          spec = { kind: 'http' as const, url: s.url };
        } else spec = exampleStdio('flawed-server/stdio', ['--faults', c.fault]);
        // Only the conformance layer is under test here.
        const r = await run(spec, { checks: SPECIFIC, contracts: false });
        assertTrips(r, c, { expected: true });
      });
    }
  }
});
