import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { startSupportDeskHttp, type SupportDeskHttp } from '../../examples/support-desk/http.js';
import { byStatus, exampleStdio, explain, result, run } from '../support/fixtures.js';
import { FLOW_CHECKS, runFlows } from './flows-support.js';

const IDS = FLOW_CHECKS.map((c) => c.id).sort();

describe('the flows fixture with no faults passes every flow check', { concurrency: 2 }, () => {
  for (const transport of ['http', 'stdio'] as const)
    it(`over ${transport}, with --strict, each check exercised (none precondition-failed)`, async () => {
      const { report, http } = await runFlows([], transport, { strict: true });
      assert.deepEqual(byStatus(report, 'pass'), IDS, explain(report));
      // Safety: the destructive tool is never called, MRTR retries and all.
      if (http) assert.equal(http.core.calls['reset_cache'] ?? 0, 0);
      assert.match(result(report, 'mrtr/retry-completes').message ?? '', /plan_route: completed after 2 retries/);
    });
});

describe('support-desk (SDK) passes the flow checks or says why not', { concurrency: 2 }, () => {
  let sd: SupportDeskHttp;
  before(async () => {
    sd = await startSupportDeskHttp({ port: 0 });
  });
  after(() => sd.close());

  for (const transport of ['http', 'stdio'] as const)
    it(`over ${transport}, with --strict`, async () => {
      const spec = transport === 'http' ? { kind: 'http' as const, url: sd.url } : exampleStdio('support-desk/stdio');
      const r = await run(spec, { checks: FLOW_CHECKS, strict: true });
      assert.deepEqual(byStatus(r, 'fail', 'warn', 'error', 'inconclusive'), [], explain(r));
      // It advertises listChanged, so subscriptions/listen is really exercised.
      for (const id of [
        'subscriptions/ack-first',
        'subscriptions/notifications-tagged',
        'subscriptions/filter-honoured',
        'logging/no-message-without-loglevel',
        'mrtr/input-required-methods-only',
      ])
        assert.equal(result(r, id).status, 'pass', `${id}: ${explain(r)}`);
      for (const id of IDS.filter((i) => i.startsWith('tasks/'))) assert.match(result(r, id).message ?? '', /does not advertise extensions/);
      // find_customer asks which customer through an elicitation form, so every MRTR check really runs.
      for (const id of IDS.filter((i) => i.startsWith('mrtr/'))) assert.equal(result(r, id).status, 'pass', `${id}: ${explain(r)}`);
      assert.match(result(r, 'logging/level-respected').message ?? '', /sent a log message/);
    });
});

describe('the flawed server with no faults passes its MRTR flow (confirm_lookup)', () => {
  it('over http', async () => {
    const s = await startFlawedHttp({ faults: [], port: 0 });
    try {
      const r = await run({ kind: 'http', url: s.url }, { checks: FLOW_CHECKS, strict: true });
      assert.deepEqual(byStatus(r, 'fail', 'warn', 'error', 'inconclusive'), [], explain(r));
      for (const id of IDS.filter((i) => i.startsWith('mrtr/'))) assert.equal(result(r, id).status, 'pass', `${id}: ${explain(r)}`);
      assert.equal(s.toolCalls()['delete_city'] ?? 0, 0);
    } finally {
      await s.close();
    }
  });
  it('over stdio', async () => {
    const r = await run(exampleStdio('flawed-server/stdio', ['--faults', 'none']), { checks: FLOW_CHECKS, strict: true });
    assert.deepEqual(byStatus(r, 'fail', 'warn', 'error', 'inconclusive'), [], explain(r));
    assert.equal(result(r, 'mrtr/tampered-request-state').status, 'pass', explain(r));
  });
});
