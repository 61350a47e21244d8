import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSupportDeskHttp, type SupportDeskHttp } from '../../examples/support-desk/http.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { EXIT, exitCodeFor, summarize } from '../../src/core/summary.js';
import { REPORT_SCHEMA_ID, type CheckResult, type Report, type TargetReport, type WireEntry } from '../../src/core/types.js';
import { adviceSection, DEPRECATIONS } from '../../src/engine/advice.js';
import { HttpTransport } from '../../src/target/http.js';
import type { ProbeOutcome } from '../../src/target/probe.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { everythingStdio, startEverythingHttp, type EverythingHttp } from '../fixtures/servers/legacy/everything.js';
import { runDualAware } from '../fixtures/servers/legacy/dual-run.js';
import { exampleStdio, nodeFlags } from '../support/fixtures.js';

let seq = 0;
const entry = (from: 'harness' | 'server', body: unknown, more: Partial<WireEntry> = {}): WireEntry => ({
  seq: ++seq,
  atMs: seq,
  from,
  channel: 'stdio',
  phase: 'x',
  body,
  ...more,
});
const PASS: CheckResult = {
  checkId: 'discover/implemented',
  title: 't',
  area: 'discover',
  level: 'MUST',
  status: 'pass',
  spec: { revision: { since: '2026-07-28' }, section: 's', quote: 'q' },
  transports: ['stdio'],
  durationMs: 1,
};

function report(wire: WireEntry[], era: TargetReport['era'] = 'modern'): TargetReport {
  return {
    target: { kind: 'stdio', display: 'x' },
    era,
    eraReason: '',
    outcome: 'completed',
    results: [PASS],
    summary: summarize([PASS]),
    wire,
    wireDropped: 0,
    durationMs: 1,
  };
}
const modernProbe = (capabilities: Record<string, unknown> = {}): ProbeOutcome => ({
  era: 'modern',
  reason: 'answered server/discover',
  discover: { supportedVersions: ['2026-07-28'], capabilities },
});
const ids = (r: TargetReport, p: ProbeOutcome) =>
  adviceSection(r, p)
    ?.findings.map((f) => f.ruleId)
    .sort();

describe('adviceSection (pure)', () => {
  it('says nothing when no deprecated feature is advertised or used', () => {
    assert.equal(
      adviceSection(report([entry('server', { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } })]), modernProbe({ tools: {} })),
      undefined,
    );
  });

  it('Logging: the discover capability, with what is deprecated, since when, earliest removal and the way out', () => {
    const s = adviceSection(report([]), modernProbe({ logging: {} }))!;
    assert.equal(s.id, 'deprecated');
    assert.equal(s.title, 'Deprecated features');
    assert.equal(s.findings.length, 1);
    const f = s.findings[0]!;
    assert.equal(f.ruleId, 'deprecated/logging');
    assert.equal(f.severity, 'info');
    assert.match(f.message, /deprecated since 2026-07-28 \(SEP-2577\).*earliest removal: the first revision on or after 2027-07-28.*stderr .*OpenTelemetry/);
    assert.match(f.reason ?? '', /server\/discover advertises capabilities.logging/);
  });

  it('Sampling, includeContext and Roots asked for inside input_required results, and pushed the 2025 way', () => {
    const mrtr = entry('server', {
      jsonrpc: '2.0',
      id: 7,
      result: {
        resultType: 'input_required',
        inputRequests: {
          s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 10, includeContext: 'thisServer' } },
          r: { method: 'roots/list' },
          e: { method: 'elicitation/create', params: {} },
        },
      },
    });
    const r = report([mrtr]);
    const before = structuredClone(r);
    assert.deepEqual(ids(r, modernProbe()), ['deprecated/include-context', 'deprecated/roots', 'deprecated/sampling']);
    assert.deepEqual(r, before, 'the report is not changed');
    const context = adviceSection(r, modernProbe())!.findings.find((f) => f.ruleId === 'deprecated/include-context')!;
    assert.match(context.reason ?? '', /"thisServer".*#\d+/);
    assert.match(context.message, /omit includeContext, or send "none"/);
    const pushed = entry('server', {
      jsonrpc: '2.0',
      id: 'srv-1',
      method: 'sampling/createMessage',
      params: { messages: [], maxTokens: 5, includeContext: 'allServers' },
    });
    assert.deepEqual(ids(report([pushed], 'legacy'), { era: 'legacy', reason: '' }), ['deprecated/include-context', 'deprecated/sampling']);
    // includeContext "none" is not the deprecated use; the sampling request itself still is.
    const fine = entry('server', {
      jsonrpc: '2.0',
      id: 'srv-2',
      method: 'sampling/createMessage',
      params: { messages: [], maxTokens: 5, includeContext: 'none' },
    });
    assert.deepEqual(ids(report([fine]), modernProbe()), ['deprecated/sampling']);
  });

  it('Logging from notifications/message and from a 2025 initialize result', () => {
    const note = entry('server', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } });
    assert.match(adviceSection(report([note]), modernProbe())!.findings[0]!.reason ?? '', /sent notifications\/message \(wire #\d+\)/);
    const init = entry('server', {
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2025-11-25', capabilities: { logging: {} }, serverInfo: { name: 'n', version: '1' } },
    });
    assert.deepEqual(ids(report([init], 'legacy'), { era: 'legacy', reason: '' }), ['deprecated/logging']);
  });

  it('the HTTP+SSE transport from an endpoint event', () => {
    const sse = entry('server', undefined, { channel: 'http', raw: 'event: endpoint\ndata: /message?sessionId=abc\n\n', http: { status: 200 } });
    const f = adviceSection(report([sse], 'unknown'), { era: 'unknown', reason: '' })!.findings;
    assert.deepEqual(
      f.map((x) => x.ruleId),
      ['deprecated/http-sse'],
    );
    assert.match(f[0]!.message, /since 2025-03-26 .*three months after SEP-2596 reaches Final.*Streamable HTTP/);
    const notEndpoint = entry('server', undefined, { channel: 'http', raw: 'event: message\ndata: {"endpoint":1}\n\n' });
    assert.equal(adviceSection(report([notEndpoint]), modernProbe()), undefined);
  });

  it('is never a failure, also under --strict: only info findings, and the exit code ignores them', () => {
    const all = report([
      entry('server', { jsonrpc: '2.0', id: 1, method: 'roots/list' }),
      entry('server', { jsonrpc: '2.0', method: 'notifications/message', params: {} }),
    ]);
    const s = adviceSection(all, modernProbe({ logging: {} }))!;
    assert.ok(s.findings.length >= 2 && s.findings.every((f) => f.severity === 'info'));
    const full: Report = {
      $schema: REPORT_SCHEMA_ID,
      schemaVersion: '1.0',
      tool: { name: 'mcp-assay', version: '0' },
      startedAt: '',
      finishedAt: '',
      durationMs: 1,
      options: { strict: true },
      targets: [{ ...all, sections: [s] }],
      summary: all.summary,
    };
    assert.equal(exitCodeFor(full), EXIT.ok);
    assert.equal(Object.keys(DEPRECATIONS).length, 5);
  });
});

describe('adviceSection on real servers', () => {
  let sse: EverythingHttp;
  let desk: SupportDeskHttp;
  before(async () => {
    [sse, desk] = await Promise.all([startEverythingHttp(nodeFlags(), 'sse'), startSupportDeskHttp({ port: 0 })]);
  });
  after(() => Promise.all([sse.close(), desk.close()]));

  it('server-everything (2025 era) advertises logging in initialize', async () => {
    const { report: r, probe } = await runDualAware(everythingStdio(), selectChecks(CHECKS, ['legacy/ping']));
    assert.equal(probe.era, 'legacy');
    assert.deepEqual(
      adviceSection(r, probe)?.findings.map((f) => f.ruleId),
      ['deprecated/logging'],
    );
  });

  it('a server that pushes roots/list over stdio uses Roots', async () => {
    const { report: r, probe } = await runDualAware(
      exampleStdio('flawed-server/stdio', ['--faults', 'stdio-server-request']),
      selectChecks(CHECKS, ['tools/']),
    );
    assert.ok(adviceSection(r, probe)?.findings.some((f) => f.ruleId === 'deprecated/roots' && /#\d+/.test(f.reason ?? '')));
  });

  it('server-everything in sse mode answers a GET with an endpoint event', async () => {
    const rec = new WireRecorder();
    const t = new HttpTransport({ url: sse.url }, rec);
    try {
      // The stream never ends: read its first bytes only.
      const got = await t.raw({ method: 'GET', headers: { accept: 'text/event-stream' }, phase: 'probe', timeoutMs: 5000, maxBytes: 16 });
      assert.equal(got.status, 200);
    } finally {
      await t.close();
    }
    const r = { ...report(rec.entries, 'unknown'), target: { kind: 'http' as const, display: sse.url } };
    assert.deepEqual(
      adviceSection(r, { era: 'unknown', reason: '' })?.findings.map((f) => f.ruleId),
      ['deprecated/http-sse'],
    );
  });

  it('support-desk over HTTP uses no deprecated feature', async () => {
    const { report: r, probe } = await runDualAware({ kind: 'http', url: desk.url }, selectChecks(CHECKS, ['tools/', 'discover/']));
    assert.equal(adviceSection(r, probe), undefined);
  });
});
