/**
 * Shared cases of the real-server suite. The servers people actually run: the MCP reference servers from npm
 * (pinned devDependencies), over stdio and, for server-everything, over Streamable HTTP. Each is a 2025-era server: `check` grades it by 2025-11-25, every verdict
 * other than pass or skip is listed with its reason in test/fixtures/real-servers/verdicts.json, and
 * `--require 2026-07-28` fails it with a migration list.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../support/fixtures.js';
import { processesWithEnv, runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

interface Verdict {
  check: string;
  status: string;
  reason: string;
}
export const FIXTURE = JSON.parse(readFileSync(path.join(REPO, 'test/fixtures/real-servers/verdicts.json'), 'utf8')) as { servers: Record<string, Verdict[]> };
export const dir = tempDir('assay-npm-');

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

export const readTarget = (file: string): Target => (JSON.parse(readFileSync(file, 'utf8')) as { targets: Target[] }).targets[0]!;
const notable = (t: Target) => t.results.filter((r) => r.status !== 'pass' && r.status !== 'skip');

/** The two cases every reference server gets: graded 2025-era against the fixture, and failed by --require. */
export function serverCases(name: string, target: () => string[]): void {
  it(`${name}: every verdict is one the fixture explains; exit 0 unless a listed MUST fails`, async () => {
    const json = path.join(dir, `${name}.json`);
    const marker = `${name}-${process.pid}-${Date.now()}`;
    const stdio = target()[0] === '--';
    // A marker in a stdio server's environment finds this run's processes only (others may run the same server).
    const r = await runCli(['check', '--json', json, ...(stdio ? ['--env', `ASSAY_TEST_MARKER=${marker}`] : []), ...target()], {
      cwd: REPO,
      deadlineMs: 150_000,
    });
    const t = readTarget(json);
    assert.equal(t.era, 'legacy', r.stdout);
    const expected = FIXTURE.servers[name] ?? [];
    const got = notable(t)
      .map((x) => `${x.checkId} ${x.status}`)
      .sort();
    assert.deepEqual(
      got,
      expected.map((v) => `${v.check} ${v.status}`).sort(),
      `verdicts differ from the fixture:\n${notable(t)
        .map((x) => `${x.checkId} ${x.status}: ${x.message ?? ''}`)
        .join('\n')}`,
    );
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
    assert.ok(
      migration?.findings.some((f) => f.subject.includes('discover/implemented')),
      'the migration says what to change',
    );
  });
}
