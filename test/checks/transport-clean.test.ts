import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp, type FlawedHttp } from '../../examples/flawed-server/http.js';
import { startSupportDeskHttp, type SupportDeskHttp } from '../../examples/support-desk/http.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import type { TargetReport } from '../../src/core/types.js';
import type { TargetSpec } from '../../src/core/target-spec.js';
import { exampleStdio, explain, run } from '../support/fixtures.js';

/** The transport areas: HTTP headers, removed methods, the HTTP transport, stdio. */
const TRANSPORT_CHECKS = selectChecks(CHECKS, ['http-headers/', 'removed/', 'http-transport/', 'stdio/']);
const OURS = TRANSPORT_CHECKS.map((c) => c.id);
const HTTP_ONLY = TRANSPORT_CHECKS.filter((c) => !c.transports.includes('stdio')).map((c) => c.id);
const STDIO_ONLY = TRANSPORT_CHECKS.filter((c) => !c.transports.includes('http')).map((c) => c.id);
const PARAM_RUNS = ['absent', 'integer-numeric', 'invalid', 'match', 'mismatch', 'missing'].map((s) => `http-headers/param-${s}`);
const SSE = ['http-transport/sse-accel-buffering', 'http-transport/sse-no-server-requests', 'http-transport/sse-stream-ends'];

function statusOf(r: TargetReport, id: string): string {
  return r.results.find((x) => x.checkId === id)?.status ?? 'missing';
}

/** This family's verdicts: nothing fails or warns (also under --strict), and exactly the named checks cannot run. */
function assertClean(r: TargetReport, o: { preconditions: string[]; sseMayRun?: boolean }): void {
  assert.equal(r.outcome, 'completed', explain(r));
  const bad = OURS.filter((id) => ['fail', 'warn', 'error', 'inconclusive', 'missing'].includes(statusOf(r, id)));
  assert.deepEqual(bad, [], explain(r));
  const unable = OURS.filter((id) => statusOf(r, id) === 'precondition-failed' && !(o.sseMayRun && SSE.includes(id)));
  assert.deepEqual(unable.sort(), [...o.preconditions].sort(), explain(r));
  const skipped = OURS.filter((id) => statusOf(r, id) === 'skip').sort();
  assert.deepEqual(skipped, (r.target.kind === 'http' ? STDIO_ONLY : HTTP_ONLY).slice().sort());
}

describe('the transport checks on correct servers', () => {
  let desk: SupportDeskHttp;
  let flawed: FlawedHttp;
  let flawedSse: FlawedHttp;
  before(async () => {
    [desk, flawed, flawedSse] = await Promise.all([
      startSupportDeskHttp({ port: 0 }),
      startFlawedHttp({ faults: [], port: 0 }),
      startFlawedHttp({ faults: [], sse: true, port: 0 }),
    ]);
  });
  after(() => Promise.all([desk.close(), flawed.close(), flawedSse.close()]));

  const strictRun = (spec: TargetSpec) => run(spec, { strict: true });

  it('support-desk over HTTP passes, its x-mcp-header parameters exercised (it answers JSON)', async () => {
    const r = await strictRun({ kind: 'http', url: desk.url });
    assertClean(r, { preconditions: [], sseMayRun: true });
    for (const id of ['http-headers/param-declarations', ...PARAM_RUNS]) assert.equal(statusOf(r, id), 'pass', id);
    assert.equal(statusOf(r, 'http-transport/origin-validated'), 'pass');
  });

  it('support-desk over stdio passes, dual-era as it is', async () => {
    const r = await strictRun(exampleStdio('support-desk/stdio'));
    assertClean(r, { preconditions: [] });
    assert.equal(statusOf(r, 'http-headers/param-declarations'), 'pass');
    assert.equal(statusOf(r, 'stdio/exit-on-eof'), 'pass');
  });

  it('the flawed server with no faults passes over HTTP with JSON answers', async () => {
    const r = await strictRun({ kind: 'http', url: flawed.url });
    assertClean(r, { preconditions: SSE });
    assert.deepEqual(flawed.toolCalls()['delete_city'], undefined);
  });

  it('the flawed server with no faults passes over HTTP with SSE answers, every stream check exercised', async () => {
    const r = await strictRun({ kind: 'http', url: flawedSse.url });
    assertClean(r, { preconditions: [] });
  });

  it('the flawed server with no faults passes over stdio', async () => {
    const r = await strictRun(exampleStdio('flawed-server/stdio', ['--faults', 'none']));
    assertClean(r, { preconditions: [] });
  });
});
