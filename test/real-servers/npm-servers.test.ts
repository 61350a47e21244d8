/**
 * The servers people actually run: the MCP reference servers from npm (pinned devDependencies), over stdio and, for
 * server-everything, over Streamable HTTP. Each is a 2025-era server: `check` grades it by 2025-11-25, every verdict
 * other than pass or skip is listed with its reason in test/fixtures/real-servers/verdicts.json, and
 * `--require 2026-07-28` fails it with a migration list.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO } from '../support/fixtures.js';
import { processesWithEnv, runCli } from '../support/spawn-cli.js';
import { npmServer, startEverythingHttp, type EverythingHttp } from './npm-servers.js';

interface Verdict {
  check: string;
  status: string;
  reason: string;
}
const FIXTURE = JSON.parse(readFileSync(path.join(REPO, 'test/fixtures/real-servers/verdicts.json'), 'utf8')) as { servers: Record<string, Verdict[]> };
const dir = mkdtempSync(path.join(tmpdir(), 'assay-npm-'));
const fsRoot = mkdtempSync(path.join(tmpdir(), 'assay-fs-root-'));

interface Result {
  checkId: string;
  status: string;
  message?: string;
}
interface Target {
  era: string;
  results: Result[];
  sections?: { id: string; findings: { ruleId: string; subject: string; message: string }[] }[];
}

const readTarget = (file: string): Target => (JSON.parse(readFileSync(file, 'utf8')) as { targets: Target[] }).targets[0]!;
const notable = (t: Target) => t.results.filter((r) => r.status !== 'pass' && r.status !== 'skip');

describe('npm reference servers, graded 2025-era', () => {
  let http: EverythingHttp;
  before(async () => {
    http = await startEverythingHttp();
  });
  after(() => http.close());

  const targets: Record<string, () => string[]> = {
    'everything-stdio': () => ['--', ...npmServer('server-everything', ['stdio'])],
    'everything-http': () => [http.url],
    filesystem: () => ['--', ...npmServer('server-filesystem', [fsRoot])],
    memory: () => ['--', ...npmServer('server-memory', [])],
    'sequential-thinking': () => ['--', ...npmServer('server-sequential-thinking', [])],
  };

  for (const [name, target] of Object.entries(targets)) {
    it(`${name}: every verdict is one the fixture explains; exit 0 unless a listed MUST fails`, async () => {
      const json = path.join(dir, `${name}.json`);
      const marker = `${name}-${process.pid}-${Date.now()}`;
      const stdio = target()[0] === '--';
      // A marker in a stdio server's environment finds this run's processes only (others may run the same server).
      const r = await runCli(['check', '--json', json, ...(stdio ? ['--env', `ASSAY_TEST_MARKER=${marker}`] : []), ...target()], { cwd: REPO, deadlineMs: 150_000 });
      const t = readTarget(json);
      assert.equal(t.era, 'legacy', r.stdout);
      const expected = FIXTURE.servers[name] ?? [];
      const got = notable(t).map((x) => `${x.checkId} ${x.status}`).sort();
      assert.deepEqual(got, expected.map((v) => `${v.check} ${v.status}`).sort(), `verdicts differ from the fixture:\n${notable(t).map((x) => `${x.checkId} ${x.status}: ${x.message ?? ''}`).join('\n')}`);
      for (const v of expected) assert.ok(v.reason.length > 40, `${name} ${v.check}: a reason`);
      // The protocol decides the exit code: contract opinions (this catalogue has some) do not.
      assert.equal(r.code, expected.some((v) => v.status === 'fail') ? 1 : 0, r.stdout + r.stderr);
      // No 2026-07-28 requirement is failed on a 2025-era server: they are skips with the migration list.
      const outside = t.results.filter((x) => (x as { outsideEra?: unknown }).outsideEra !== undefined);
      assert.ok(outside.length > 20 && outside.every((x) => x.status === 'skip'), `${outside.length} outside-era results`);
      const migration = t.sections?.find((s) => s.id === 'migration');
      assert.ok(migration && migration.findings.length >= 3, 'a migration section');
      const subjects = migration.findings.flatMap((f) => f.subject.split(', '));
      assert.equal(new Set(subjects).size, subjects.length, 'each requirement listed once');
      assert.deepEqual(processesWithEnv('ASSAY_TEST_MARKER', marker), []);
    });

    it(`${name}: --require 2026-07-28 fails it, with the migration list`, async () => {
      const json = path.join(dir, `${name}-require.json`);
      const r = await runCli(['check', '--require', '2026-07-28', '--no-contracts', '--json', json, ...target()], { cwd: REPO, deadlineMs: 150_000 });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const t = readTarget(json);
      const failed = t.results.filter((x) => x.status === 'fail').map((x) => x.checkId);
      assert.ok(failed.includes('discover/implemented') && failed.includes('results/result-type'), failed.join(', '));
      const migration = t.sections?.find((s) => s.id === 'migration');
      assert.ok(migration?.findings.some((f) => f.subject.includes('discover/implemented')), 'the migration says what to change');
    });
  }

  it('snapshot reads the same catalogue from server-everything over stdio and over Streamable HTTP', async () => {
    const a = path.join(dir, 'everything-stdio.snapshot.json');
    const b = path.join(dir, 'everything-http.snapshot.json');
    const s1 = await runCli(['snapshot', '-o', a, '--', ...npmServer('server-everything', ['stdio'])], { cwd: REPO, deadlineMs: 90_000 });
    const s2 = await runCli(['snapshot', '-o', b, http.url], { cwd: REPO, deadlineMs: 90_000 });
    assert.equal(s1.code, 0, s1.stderr);
    assert.equal(s2.code, 0, s2.stderr);
    const [ca, cb] = [a, b].map((f) => JSON.parse(readFileSync(f, 'utf8')) as { tools: unknown[]; hashes: { catalogue: string } });
    assert.ok(ca!.tools.length >= 10, 'a real catalogue, not an empty one');
    assert.equal(ca!.hashes.catalogue, cb!.hashes.catalogue);
    assert.equal(readFileSync(a, 'utf8'), readFileSync(b, 'utf8'));
  });

  it('speaks a 2025 session over HTTP: session id and version on every request after initialize, DELETE at the end', async () => {
    const json = path.join(dir, 'everything-http-session.json');
    const r = await runCli(['check', '--only', 'tools/', '--only', 'legacy/', '--only', 'http-transport/', '--no-contracts', '--json', json, http.url], { cwd: REPO, deadlineMs: 90_000 });
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    const wire = (JSON.parse(readFileSync(json, 'utf8')) as { targets: { wire: { from: string; phase: string; http?: { method?: string; headers?: Record<string, string> }; body?: { method?: string } }[] }[] }).targets[0]!.wire;
    const h = (e: (typeof wire)[number], name: string) => Object.entries(e.http?.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
    // The shared list calls and an ordinary tools/call, made over the main connection after the probe's initialize.
    const shared = wire.filter((e) => e.from === 'harness' && (e.phase === 'shared' || e.phase === 'tools/unknown-tool') && e.http?.method === 'POST' && e.body?.method !== 'initialize');
    assert.ok(shared.length >= 2, `requests over the main connection: ${shared.length}`);
    for (const e of shared) assert.ok(h(e, 'mcp-session-id') && h(e, 'mcp-protocol-version') === '2025-11-25', `${e.body?.method} carries the session`);
    assert.ok(wire.some((e) => e.from === 'harness' && e.http?.method === 'DELETE' && e.phase === 'close' && h(e, 'mcp-session-id')), 'DELETE ends the session');
  });

  it('contracts reads a 2025 server over HTTP; its exit code follows error-level rules', async () => {
    const r = await runCli(['contracts', http.url], { cwd: REPO, deadlineMs: 90_000 });
    assert.match(r.stdout, /risk\/inventory/);
    assert.doesNotMatch(r.stdout, /0 tools/);
    assert.equal(r.code, /error\s+risk\//.test(r.stdout) ? 1 : 0, r.stdout);
  });
});
