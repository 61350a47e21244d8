import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp, type FlawedHttp } from '../../examples/flawed-server/http.js';
import { startSupportDeskHttp, type SupportDeskHttp } from '../../examples/support-desk/http.js';
import { NO_GUARD_ENV } from '../../examples/support-desk/stdio.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import type { TargetReport } from '../../src/core/types.js';
import { byStatus, exampleStdio, explain, result, run } from '../support/fixtures.js';

/** The surface areas: _meta, discover, errors, results, tools, resources, prompts, completion, pagination, trace. */
const SURFACE = selectChecks(CHECKS, ['meta/', 'discover/', 'errors/', 'results/', 'tools/', 'resources/', 'prompts/', 'completion/', 'pagination/', 'trace/'])
  .map((c) => c.id)
  .sort();

/**
 * Where SDK 2.4 itself deviates from the spec and the support-desk example does not yet work around it. The check is
 * right; each entry must keep failing under --strict, so a fixed example shows up here as a stale entry.
 */
/** Surface checks that need something support-desk does not offer (none: it has completions and find_customer's form). */
const DESK_PRECONDITIONS: string[] = [];

function assertClean(r: TargetReport, allowed: readonly string[] = []): void {
  assert.equal(r.outcome, 'completed', explain(r));
  assert.deepEqual(
    byStatus(r, 'fail', 'warn', 'error', 'inconclusive').filter((id) => !allowed.includes(id)),
    [],
    explain(r),
  );
}

describe('the flawed server without faults passes every surface check, also with --strict', () => {
  let http: FlawedHttp;
  before(async () => (http = await startFlawedHttp({ faults: [], port: 0 })));
  after(() => http.close());

  for (const transport of ['http', 'stdio'] as const) {
    it(`over ${transport}: every surface check passes (none is left as a precondition)`, async () => {
      const spec = transport === 'http' ? { kind: 'http' as const, url: http.url } : exampleStdio('flawed-server/stdio', ['--faults', 'none']);
      const r = await run(spec, { strict: true });
      assertClean(r);
      assert.deepEqual(
        SURFACE.filter((id) => result(r, id).status !== 'pass'),
        [],
        explain(r),
      );
      assert.equal(http.toolCalls()['delete_city'], undefined, 'the destructive tool was never called');
    });
  }
});

// SDK 2.4 ignores params.cursor on the four list methods; support-desk's cursor guard works around it (its README).
describe('support-desk (SDK 2.4, with its workarounds) passes every check with --strict', () => {
  let desk: SupportDeskHttp;
  before(async () => (desk = await startSupportDeskHttp({ port: 0 })));
  after(() => desk.close());

  for (const transport of ['http', 'stdio'] as const) {
    it(`over ${transport}`, async () => {
      const spec = transport === 'http' ? { kind: 'http' as const, url: desk.url } : exampleStdio('support-desk/stdio');
      const r = await run(spec, { strict: true });
      assertClean(r);
      assert.equal(result(r, 'pagination/invalid-cursor').status, 'pass', explain(r));
      assert.deepEqual(
        SURFACE.filter((id) => result(r, id).status === 'precondition-failed'),
        DESK_PRECONDITIONS,
        explain(r),
      );
      // The version is still refused after the tools/call served on the fresh stdio process (the guard's job).
      assert.equal(result(r, 'errors/version-every-request').status, 'pass', explain(r));
    });
  }

  it('without its version guard, support-desk over stdio shows the SDK 2.4 bug of DIGEST §b', async () => {
    const spec = exampleStdio('support-desk/stdio', [], { [NO_GUARD_ENV]: '1' });
    const r = await run(spec, { checks: selectChecks(CHECKS, ['errors/version-every-request']), contracts: false });
    const x = result(r, 'errors/version-every-request');
    assert.equal(x.status, 'fail', explain(r));
    assert.match(x.message ?? '', /after serving .*tools\/call.*2099-01-01 got a result/);
  });
});
