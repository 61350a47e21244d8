import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CheckResult, Level, Status, TargetReport, WireEntry } from '../../src/core/types.js';
import { summarize } from '../../src/core/summary.js';
import { migrationSection } from '../../src/engine/migration.js';
import { startSupportDeskHttp, type SupportDeskHttp } from '../../examples/support-desk/http.js';
import { everythingStdio } from '../fixtures/servers/legacy/everything.js';
import { startLegacyHttp, type LegacyHttp } from '../fixtures/servers/legacy/http.js';
import { runDualAware } from '../fixtures/servers/legacy/dual-run.js';
import { exampleStdio, explain, run } from '../support/fixtures.js';

const MODERN = { since: '2026-07-28' };
const OLD = { since: '2024-11-05', until: '2026-07-28' };

function res(checkId: string, status: Status, level: Level = 'MUST', o: Partial<CheckResult> = {}): CheckResult {
  const legacy = checkId.startsWith('legacy/');
  return {
    checkId,
    title: `title of ${checkId}`,
    area: checkId.split('/')[0]!,
    level,
    status,
    spec: { revision: legacy ? OLD : MODERN, section: 's', quote: 'q' },
    transports: ['http', 'stdio'],
    durationMs: 1,
    ...o,
  };
}

let seq = 0;
function wire(from: 'harness' | 'server', phase: string, body: unknown, headers?: Record<string, string>): WireEntry {
  return { seq: ++seq, atMs: seq, from, channel: 'http', phase, body, ...(headers ? { http: { status: 200, headers } } : {}) };
}

function report(era: TargetReport['era'], results: CheckResult[], entries: WireEntry[] = []): TargetReport {
  return {
    target: { kind: 'http', display: 'x' },
    era,
    eraReason: '',
    outcome: 'completed',
    results,
    summary: summarize(results),
    wire: entries,
    wireDropped: 0,
    durationMs: 1,
  };
}

const INIT = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {}, logging: {}, resources: { subscribe: true } },
  serverInfo: { name: 'n', version: '1' },
};
const legacyWire = () => [
  wire('harness', 'probe', { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
  wire('server', 'probe', { jsonrpc: '2.0', id: 1, result: INIT }, { 'mcp-session-id': '***' }),
  wire('harness', 'legacy/ping', { jsonrpc: '2.0', id: 3, method: 'ping' }),
  wire('server', 'legacy/ping', { jsonrpc: '2.0', id: 3, result: {} }),
];
const ids = (r: TargetReport) =>
  migrationSection(r)
    ?.findings.map((f) => f.ruleId)
    .sort();

describe('migrationSection (pure)', () => {
  it('is absent for a modern-only server', () => {
    assert.equal(migrationSection(report('modern', [res('discover/implemented', 'fail'), res('legacy/ping', 'skip')])), undefined);
    assert.equal(migrationSection(report('unknown', [res('discover/implemented', 'fail')])), undefined);
  });

  it('lists one finding per failed 2026-07-28 check, saying what to change, and the removed features seen', () => {
    const results = [
      res('discover/implemented', 'fail'),
      res('tools/list-order-stable', 'warn', 'SHOULD'),
      res('meta/missing-meta', 'pass'),
      res('resources/read-missing', 'fail', 'MUST', { message: 'used the retired code -32002' }),
      res('surface/new-thing', 'fail', 'MUST', { hint: 'Do the new thing.' }),
      res('legacy/ping', 'fail'),
    ];
    const r = report('legacy', results, legacyWire());
    const before = structuredClone(r);
    const s = migrationSection(r)!;
    assert.deepEqual(r, before, 'the report is not changed');
    assert.equal(s.id, 'migration');
    assert.equal(s.title, 'Migration to 2026-07-28');
    assert.deepEqual(ids(r), [
      'migration/discover/implemented',
      'migration/removed-feature/initialize',
      'migration/removed-feature/logging-set-level',
      'migration/removed-feature/ping',
      'migration/removed-feature/resources-subscribe',
      'migration/removed-feature/session-id',
      'migration/resources/read-missing',
      'migration/surface/new-thing',
      'migration/tools/list-order-stable',
    ]);
    const by = (id: string) => s.findings.find((f) => f.ruleId === id)!;
    assert.match(by('migration/discover/implemented').message, /implement server\/discover/i);
    assert.match(by('migration/resources/read-missing').message, /-32602 .*instead of -32002/);
    assert.match(by('migration/resources/read-missing').reason ?? '', /retired code -32002/);
    assert.match(by('migration/surface/new-thing').message, /title of surface\/new-thing.*Do the new thing/);
    assert.equal(by('migration/discover/implemented').severity, 'warning');
    assert.equal(by('migration/tools/list-order-stable').severity, 'info', 'a SHOULD gap ranks below a MUST gap');
    assert.match(by('migration/removed-feature/ping').reason ?? '', /#\d+, #\d+/, 'cites the wire');
    assert.ok(
      s.findings.every((f) => f.severity !== 'error'),
      'the failures themselves are the check results',
    );
  });

  it('follows the results, not a fixed list', () => {
    const passing = report('legacy', [res('discover/implemented', 'pass'), res('results/result-type', 'fail')], legacyWire().slice(0, 2));
    assert.deepEqual(ids(passing), [
      'migration/removed-feature/initialize',
      'migration/removed-feature/logging-set-level',
      'migration/removed-feature/resources-subscribe',
      'migration/removed-feature/session-id',
      'migration/results/result-type',
    ]);
    const bare = report('legacy', [], [wire('server', 'probe', { jsonrpc: '2.0', id: 1, result: { ...INIT, capabilities: {} } })]);
    assert.deepEqual(ids(bare), ['migration/removed-feature/initialize']);
  });

  it("treats a dual-era server's 2025 features as information, and names server-sent requests", () => {
    const entries = [...legacyWire(), wire('server', 'legacy/tools-call', { jsonrpc: '2.0', id: 'srv-1', method: 'sampling/createMessage', params: {} })];
    const r = report('modern', [res('legacy/ping', 'pass'), res('errors/unknown-method', 'fail')], entries);
    const s = migrationSection(r)!;
    assert.ok(s.findings.filter((f) => f.ruleId.startsWith('migration/removed-feature/')).every((f) => f.severity === 'info'));
    assert.match(s.findings.find((f) => f.ruleId === 'migration/removed-feature/initialize')!.reason ?? '', /also answers initialize/);
    assert.match(s.findings.find((f) => f.ruleId === 'migration/removed-feature/server-requests')!.reason ?? '', /sampling\/createMessage/);
    assert.ok(s.findings.some((f) => f.ruleId === 'migration/errors/unknown-method'));
  });
});

describe('migrationSection on real runs', () => {
  let http: LegacyHttp;
  let desk: SupportDeskHttp;
  before(async () => {
    [http, desk] = await Promise.all([startLegacyHttp(), startSupportDeskHttp({ port: 0 })]);
  });
  after(() => Promise.all([http.close(), desk.close()]));

  /**
   * Every 2026-07-28-only miss (graded, or seen outside the era) is in exactly one gap finding, unless a removed-feature
   * finding already names it; no 2025-era requirement is there (its miss is a finding of its own).
   */
  function assertMirrors(r: TargetReport): void {
    const s = migrationSection(r)!;
    const listed = s.findings.filter((f) => !f.ruleId.startsWith('migration/removed-feature/')).flatMap((f) => f.subject.split(', '));
    assert.equal(new Set(listed).size, listed.length, `each requirement listed once: ${listed.join(', ')}`);
    const removed = new Set(s.findings.filter((f) => f.ruleId.startsWith('migration/removed-feature/')).map((f) => f.ruleId.split('/').pop()));
    const twin = (id: string) =>
      id.startsWith('removed/') && [...removed].some((x) => id === `removed/${x}` || (x === 'resources-subscribe' && id === 'removed/resources-unsubscribe'));
    const missed = r.results
      .filter((x) => x.spec.revision.since === '2026-07-28' && x.checkId !== 'wire/server-messages-valid')
      .filter((x) => ['fail', 'warn'].includes(x.outsideEra?.status ?? x.status) && !twin(x.checkId))
      .map((x) => x.checkId);
    assert.deepEqual([...listed].sort(), missed.sort(), explain(r));
    for (const x of r.results)
      if (x.status === 'fail' || x.status === 'warn')
        assert.ok(r.era !== 'legacy' || x.spec.revision.since !== '2026-07-28' || x.outsideEra === undefined, x.checkId);
  }

  it('the 2025-era fixture over HTTP', async () => {
    const r = await run({ kind: 'http', url: http.url });
    assert.equal(r.era, 'legacy');
    assertMirrors(r);
    const got = ids(r)!;
    for (const id of [
      'migration/discover/implemented',
      'migration/removed-feature/initialize',
      'migration/removed-feature/session-id',
      'migration/removed-feature/ping',
      'migration/removed-feature/logging-set-level',
      'migration/removed-feature/resources-subscribe',
    ])
      assert.ok(got.includes(id), `${id} in ${got.join(', ')}`);
  });

  it('server-everything over stdio: no session ids on stdio', async () => {
    const r = await run(everythingStdio(), { startupTimeoutMs: 30_000 });
    assert.equal(r.era, 'legacy');
    assertMirrors(r);
    const got = ids(r)!;
    assert.ok(got.includes('migration/removed-feature/logging-set-level') && got.includes('migration/removed-feature/resources-subscribe'), got.join(', '));
    assert.ok(!got.includes('migration/removed-feature/session-id'));
  });

  it('support-desk: a section over stdio (dual-era), none over HTTP (modern only)', async () => {
    const dual = (await runDualAware(exampleStdio('support-desk/stdio'), (await import('../../src/checks/index.js')).CHECKS)).report;
    const s = migrationSection(dual)!;
    assert.equal(s.findings.find((f) => f.ruleId === 'migration/removed-feature/initialize')?.severity, 'info');
    assertMirrors(dual);
    assert.equal(migrationSection(await run({ kind: 'http', url: desk.url })), undefined);
  });
});
