/**
 * The official MCP conformance suite as an oracle for mcp-assay's verdicts: both judge the same servers over HTTP,
 * and every mapped pair of checks must agree (mapping.ts). Slow and needs the Node 22 binary, so it runs only under
 * `npm run test:oracle` (MCP_ASSAY_ORACLE=1); the ordinary `npm test` reports it as skipped.
 */
import { after, before, describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TargetReport } from '../../src/core/types.js';
import { cliArgv, explain, run } from '../support/fixtures.js';
import { compare, problems, renderComparison, unusedDifferences, type ServerComparison } from './compare.js';
import { killSuiteProcesses, liveSuiteProcesses, runBounded, runOfficial, suiteBinaries } from './official.js';
import { faultsOutsideOracle, oracleServers, type OracleServer } from './servers.js';

const ENABLED = process.env.MCP_ASSAY_ORACLE === '1';
/** One suite process per server; its scenarios get a quarter of this each. */
const SUITE_TIMEOUT_MS = 100_000;
/** Flawed servers judged at once: the suite mostly waits on timers, so a little overlap halves the wall time. */
const PARALLEL = 3;
const print = (s: string) => process.stdout.write(`${s}\n`);

async function assay(url: string): Promise<{ report: TargetReport; wallMs: number }> {
  const t0 = performance.now();
  const report = await run({ kind: 'http', url }, { strict: false });
  return { report, wallMs: Math.round(performance.now() - t0) };
}

/** Assertions every server shares: both tools decided, the pairs agree, and the verdicts are not vacuous. */
function judgeServer(c: ServerComparison, server: OracleServer, report: TargetReport): void {
  print(renderComparison(c));
  assert.equal(report.outcome, 'completed', explain(report));
  assert.deepEqual(problems(c), [], `verdicts disagree on ${c.server}:\n${problems(c).join('\n')}`);
  const compared = c.rows.filter((r) => r.verdict !== 'excluded');
  assert.ok(compared.length >= 20, `${c.server}: only ${compared.length} mapped pairs could be compared`);
  if (server.correct) {
    assert.deepEqual(
      compared.filter((r) => r.official !== 'SUCCESS' || r.ourStatus !== 'pass').map((r) => r.key),
      [],
      `${c.server} is correct`,
    );
  } else if (server.suiteBlind) {
    assert.ok(
      compared.some((r) => r.verdict === 'known difference' && r.ourStatus !== 'pass'),
      `${c.server}: the documented difference did not show`,
    );
  } else {
    // Both tools flag the fault on some mapped pair; otherwise agreement would be vacuous.
    assert.ok(
      compared.some((r) => r.official !== 'SUCCESS' && r.ourStatus !== 'pass'),
      `${c.server}: the tools do not both flag the fault on any mapped pair`,
    );
  }
}

if (!ENABLED) {
  test('official conformance suite as an oracle', { skip: 'runs only under npm run test:oracle (MCP_ASSAY_ORACLE=1)' }, () => {});
} else {
  describe('official conformance suite as an oracle for mcp-assay', () => {
    const started = performance.now();
    const comparisons: ServerComparison[] = [];
    const open = new Set<{ close(): Promise<void> }>();
    let tmp = '';
    let dirs = 0;
    const outDir = () => path.join(tmp, String(++dirs));

    before(() => {
      const bin = suiteBinaries();
      tmp = mkdtempSync(path.join(os.tmpdir(), 'mcp-assay-oracle-'));
      print(`official suite @modelcontextprotocol/conformance@${bin.version} under ${bin.node}`);
    });
    after(async () => {
      killSuiteProcesses();
      await Promise.all([...open].map((s) => s.close()));
      if (process.env.MCP_ASSAY_ORACLE_KEEP === '1') print(`official results kept in ${tmp}`);
      else if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    const withServer = async <T>(start: () => Promise<{ url: string; close(): Promise<void> }>, body: (url: string) => Promise<T>): Promise<T> => {
      const s = await start();
      open.add(s);
      try {
        return await body(s.url);
      } finally {
        open.delete(s);
        await s.close();
      }
    };

    const [supportDesk, ...flawed] = oracleServers();

    it(`${supportDesk!.label}: the 2026-07-28 requirement set vs the full catalogue, timed side by side`, { timeout: 240_000 }, async () => {
      await withServer(
        () => supportDesk!.start(),
        async (url) => {
          // Each tool alone in turn, so the times do not share the CPU with each other.
          const load = os.loadavg()[0]!.toFixed(1);
          const ours = await assay(url);
          // The CLI as its own process: a like-for-like wall time with the suite's process.
          const [node, ...args] = [process.execPath, ...cliArgv(), 'check', url, '--no-color'];
          const cli = await runBounded(node, args, 120_000);
          const official = await runOfficial(url, { outDir: outDir(), timeoutMs: SUITE_TIMEOUT_MS });
          assert.equal(cli.exitCode, 0, `the CLI passes support-desk\n${cli.output.slice(-2000)}`);
          const c = compare(supportDesk!.label, official.checks, ours.report.results);
          comparisons.push(c);
          judgeServer(c, supportDesk!, ours.report);
          print(
            `timing on ${supportDesk!.label} over HTTP (load average ${load} on ${os.cpus().length} CPUs): ` +
              `official --requirements 2026-07-28 ${official.wallMs} ms (${official.scenarios} scenarios, ${official.checks.length} check results); ` +
              `mcp-assay full catalogue (${ours.report.results.length} checks) ${ours.wallMs} ms in-process, ${cli.wallMs} ms as a CLI process; ` +
              `ratio official / mcp-assay CLI ${(official.wallMs / Math.max(1, cli.wallMs)).toFixed(1)}x`,
          );
        },
      );
    });

    describe('flawed server fault sets', { concurrency: PARALLEL }, () => {
      for (const server of flawed) {
        it(`${server.label}: the 2026-07-28 requirement set vs the full catalogue`, { timeout: 180_000 }, async () => {
          await withServer(
            () => server.start(),
            async (url) => {
              const official = await runOfficial(url, { outDir: outDir(), timeoutMs: SUITE_TIMEOUT_MS });
              const ours = await assay(url);
              const c = compare(server.label, official.checks, ours.report.results);
              comparisons.push(c);
              judgeServer(c, server, ours.report);
              print(`   ${server.label}: official ${official.wallMs} ms, mcp-assay ${ours.wallMs} ms`);
            },
          );
        });
      }
    });

    it('closing summary', () => {
      const rows = comparisons.flatMap((c) => c.rows);
      const count = (v: string) => rows.filter((r) => r.verdict === v).length;
      const outside = faultsOutsideOracle();
      if (outside.length) print(`flawed-server faults not in the oracle matrix: ${outside.join(', ')}`);
      const stale = unusedDifferences(comparisons);
      print(
        `oracle: ${comparisons.length} servers, ${rows.length - count('excluded')} mapped pairs compared: ${count('agree')} agree, ` +
          `${count('agree (ours stricter)')} agree with ours stricter, ${count('agree (suite stricter)')} with the suite stricter, ` +
          `${count('known difference')} known differences, ${count('DISAGREE')} disagree; ${count('excluded')} excluded; ` +
          `${stale.length} stale known differences; ${Math.round((performance.now() - started) / 1000)} s`,
      );
      assert.equal(liveSuiteProcesses(), 0, 'no suite process is left running');
      assert.equal(comparisons.length, 1 + flawed.length, 'every server was compared');
      assert.equal(count('DISAGREE'), 0, 'mapped pairs disagree (see the failing server above)');
      assert.deepEqual(stale, [], 'every known difference still occurs (remove stale ones from mapping.ts)');
    });
  });
}
