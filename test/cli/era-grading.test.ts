/**
 * Grading a server by its era and failing fast: broken id correlation ends a run in seconds with one finding, a
 * 2025 HTTP session is re-initialized after a 404, and `check`'s exit code is about the protocol.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { startLegacyHttp, type LegacyHttp } from '../fixtures/servers/legacy/http.js';
import { McpClient } from '../../src/target/client.js';
import { HttpTransport } from '../../src/target/http.js';
import { probeEra } from '../../src/target/probe.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { resultOf } from '../../src/target/client.js';
import { EXAMPLES, REPO } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { npmServer } from '../real-servers/npm-servers.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('assay-era-');
const flawedStdio = (fault: string) => ['--', process.execPath, path.join(EXAMPLES, 'flawed-server', 'stdio.js'), '--faults', fault];

interface Result {
  checkId: string;
  status: string;
  message?: string;
  sameCauseAs?: string;
}
const results = (file: string): Result[] => (JSON.parse(readFileSync(file, 'utf8')) as { targets: { results: Result[] }[] }).targets[0]!.results;

describe('broken id correlation ends the run in seconds, with one finding', () => {
  let http: Awaited<ReturnType<typeof startFlawedHttp>>[] = [];
  before(async () => {
    http = await Promise.all(['response-id-wrong', 'response-id-null'].map((f) => startFlawedHttp({ faults: [f], port: 0 })));
  });
  after(() => Promise.all(http.map((h) => h.close())));

  for (const [i, fault] of ['response-id-wrong', 'response-id-null'].entries())
    for (const transport of ['stdio', 'http'] as const) {
      it(`${fault} over ${transport}`, async () => {
        const json = path.join(dir, `${fault}-${transport}.json`);
        const r = await runCli(['check', '--no-contracts', '--json', json, ...(transport === 'stdio' ? flawedStdio(fault) : [http[i]!.url])], {
          cwd: REPO,
          deadlineMs: 30_000,
        });
        assert.ok(r.ms < 10_000, `took ${Math.round(r.ms)} ms`);
        assert.equal(r.code, 1, r.stdout);
        const rs = results(json);
        assert.equal(rs.find((x) => x.checkId === 'wire/id-correlation')?.status, 'fail', r.stdout);
        const cut = rs.filter((x) => x.sameCauseAs === 'wire/id-correlation');
        assert.ok(cut.length > 30 && cut.every((x) => x.status === 'inconclusive' && /cannot be matched/.test(x.message ?? '')), `${cut.length} cut short`);
        // One finding per root cause: the console names the cause once and counts the rest.
        assert.match(r.stdout, /more check\(s\) same cause as wire\/id-correlation/);
      });
    }

  it('a correct server answering a parse error with id null is not a correlation break (stdio)', async () => {
    const json = path.join(dir, 'none-stdio.json');
    const r = await runCli(['check', '--strict', '--no-contracts', '--json', json, ...flawedStdio('none')], { cwd: REPO, deadlineMs: 120_000 });
    assert.equal(r.code, 0, r.stdout);
    assert.equal(results(json).find((x) => x.checkId === 'wire/id-correlation')?.status, 'pass');
  });
});

describe('a refusal with a wrong id is a finding, not a broken run', () => {
  let legacy: LegacyHttp;
  before(async () => {
    legacy = await startLegacyHttp({ faults: ['refusal-id-empty'] });
  });
  after(() => legacy.close());

  it('a 2025-era server that refuses server/discover with HTTP 400 and id "" is still checked in its era', async () => {
    const json = path.join(dir, 'refusal-id-empty.json');
    const r = await runCli(['check', '--no-contracts', '--json', json, legacy.url], { cwd: REPO, deadlineMs: 60_000 });
    assert.equal(r.code, 1, r.stdout);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { targets: { era: string; results: Result[] }[] };
    assert.equal(report.targets[0]!.era, 'legacy', r.stdout);
    const rs = results(json);
    const id = rs.find((x) => x.checkId === 'wire/id-correlation');
    assert.equal(id?.status, 'fail', r.stdout);
    assert.match(id?.message ?? '', /HTTP 400 refusal of a request with id 1 carries id ""/);
    // Nothing is cut short: no check is left undecided, and every 2025-era check that applies passes.
    assert.deepEqual(
      rs.filter((x) => x.status === 'inconclusive' || x.status === 'error' || x.sameCauseAs).map((x) => x.checkId),
      [],
      r.stdout,
    );
    const legacyChecks = rs.filter((x) => x.checkId.startsWith('legacy/') && x.status !== 'skip');
    assert.ok(legacyChecks.length >= 8 && legacyChecks.every((x) => x.status === 'pass'), r.stdout);
  });
});

describe('a DiscoverResult without 2026-07-28, backed by plain HTTP 400s on modern requests', () => {
  let legacy: LegacyHttp;
  before(async () => {
    legacy = await startLegacyHttp({ discovers2025: true });
  });
  after(() => legacy.close());

  it('is graded 2025-era over its session, not failed on each modern check for the version refusal', async () => {
    const json = path.join(dir, 'discovers-2025.json');
    const r = await runCli(['check', '--no-contracts', '--json', json, legacy.url], { cwd: REPO, deadlineMs: 60_000 });
    const report = JSON.parse(readFileSync(json, 'utf8')) as { targets: { era: string; eraReason: string }[] };
    assert.equal(report.targets[0]!.era, 'legacy', r.stdout);
    assert.match(report.targets[0]!.eraReason, /lists only 2025-11-25.*HTTP 400, non-JSON-RPC body .*initialize succeeded/, r.stdout);
    const rs = results(json);
    // The 2025-era fixture checks no Origin; no other check may fail or be left undecided.
    assert.deepEqual(
      rs.filter((x) => ['fail', 'error', 'inconclusive'].includes(x.status)).map((x) => `${x.checkId} ${x.status}`),
      ['http-transport/origin-validated fail'],
      r.stdout,
    );
    assert.ok(rs.filter((x) => x.checkId.startsWith('legacy/') && x.status === 'pass').length >= 8, r.stdout);
  });
});

describe('server requests on stdio', () => {
  it('a sampling/createMessage written before a tools/call result is stdio/no-server-requests, once', async () => {
    const json = path.join(dir, 'request-before-result.json');
    const r = await runCli(['check', '--no-contracts', '--json', json, ...flawedStdio('stdio-request-before-result')], { cwd: REPO, deadlineMs: 120_000 });
    assert.equal(r.code, 1, r.stdout);
    const rs = results(json);
    const f = rs.find((x) => x.checkId === 'stdio/no-server-requests');
    assert.equal(f?.status, 'fail');
    assert.match(f?.message ?? '', /sampling\/createMessage/);
    // The wire check leaves the same cause to the transport check.
    assert.equal(rs.find((x) => x.checkId === 'wire/server-messages-valid')?.status, 'pass', r.stdout);
  });
});

describe('a 2025 session over Streamable HTTP', () => {
  let legacy: LegacyHttp;
  before(async () => {
    legacy = await startLegacyHttp();
  });
  after(() => legacy.close());

  it('re-initializes once when the server answers 404 for an expired session', async () => {
    const recorder = new WireRecorder();
    const transport = new HttpTransport({ url: legacy.url }, recorder);
    const client = new McpClient(transport, recorder, { timeoutMs: 5_000 });
    try {
      const probe = await probeEra(client, 5_000);
      assert.equal(probe.era, 'legacy');
      const first = transport.legacySession?.id;
      assert.ok(first);
      legacy.expireSessions();
      const ex = await client.request('tools/list');
      assert.ok(resultOf(ex), 'served after re-initializing');
      assert.notEqual(transport.legacySession?.id, first, 'a new session');
      assert.ok(recorder.entries.some((e) => e.phase === 'reinitialize' && (e.body as { method?: string } | undefined)?.method === 'initialize'));
    } finally {
      await transport.close();
    }
    assert.equal(legacy.sessions(), 0, 'the session is DELETEd on close');
  });
});

describe("check's exit code is about the protocol", () => {
  const everything = ['--', ...npmServer('server-everything', ['stdio'])];
  it('contract errors show in the report but change the exit code only with --fail-on-contracts', async () => {
    const plain = await runCli(['check', '--only', 'stdio/', '--only', 'contracts', ...everything], { cwd: REPO, deadlineMs: 90_000 });
    assert.match(plain.stdout, /error\s+risk\/write-without-output-schema/);
    assert.equal(plain.code, 0, plain.stdout);
    const strict = await runCli(['check', '--fail-on-contracts', '--only', 'stdio/', '--only', 'contracts', ...everything], { cwd: REPO, deadlineMs: 90_000 });
    assert.equal(strict.code, 1, strict.stdout);
  });
});
