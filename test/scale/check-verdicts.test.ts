/**
 * A check's verdict must judge the server, not the harness's speed: the full conformance run against a generated
 * server of 5,000 realistic tools (bench/scale) gives exactly the verdicts it gives at 10 tools.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startScaleHttp, type ScaleHttp } from '../../bench/scale/server.js';
import { runCli } from '../support/spawn-cli.js';

interface CheckReport {
  targets: {
    outcome: string;
    results: { checkId: string; status: string; message?: string }[];
    catalogue?: { tools: Record<string, unknown> };
    sections?: { id: string; findings: { ruleId: string; severity: string; message: string }[] }[];
  }[];
}

const dir = mkdtempSync(join(tmpdir(), 'assay-scale-test-'));
const servers: ScaleHttp[] = [];

async function check(n: number): Promise<CheckReport['targets'][number]> {
  const server = await startScaleHttp(n);
  servers.push(server);
  const out = join(dir, `check-${n}.json`);
  // The CLI's own deadlines decide; this one only keeps a hang from stalling the suite.
  const run = await runCli(['check', server.url, '--json', out], { deadlineMs: 170_000 });
  assert.ok(run.code === 0 || run.code === 1, `check of ${n} tools exited ${run.code}: ${run.stderr.slice(-2000)}`);
  const target = (JSON.parse(readFileSync(out, 'utf8')) as CheckReport).targets[0];
  assert.ok(target, `the report of ${n} tools has a target`);
  return target;
}

const verdicts = (t: CheckReport['targets'][number]): Map<string, string> => new Map(t.results.map((r) => [r.checkId, r.status]));

describe('check verdicts do not depend on the size of the catalogue', { timeout: 175_000 }, () => {
  let small: CheckReport['targets'][number];
  let large: CheckReport['targets'][number];
  before(async () => {
    small = await check(10);
    large = await check(5000);
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('the large run read the whole catalogue and judged its tools', () => {
    assert.equal(large.outcome, 'completed');
    assert.equal(Object.keys(large.catalogue?.tools ?? {}).length, 5000);
    const v = verdicts(large);
    // The size-sensitive checks ran and passed, rather than being skipped.
    for (const id of ['tools/schema-valid', 'tools/schema-bounded', 'tools/input-schema-object', 'tools/list-order-stable'])
      assert.equal(v.get(id), 'pass', `${id}: ${large.results.find((r) => r.checkId === id)?.message ?? 'not run'}`);
  });

  it('every check has the same verdict at 5,000 tools as at 10', () => {
    const a = verdicts(small);
    const b = verdicts(large);
    assert.deepEqual([...b.keys()].sort(), [...a.keys()].sort(), 'the same checks ran');
    const moved = [...a].filter(([id, st]) => b.get(id) !== st).map(([id, st]) => `${id}: ${st} at 10 → ${b.get(id)} at 5,000`);
    assert.deepEqual(moved, []);
    const unsure = large.results.filter((r) => r.status === 'inconclusive' || r.status === 'error').map((r) => `${r.checkId}: ${r.message ?? ''}`);
    assert.deepEqual(unsure, []);
  });

  it('the contracts analysis completed at 5,000 tools', () => {
    const section = large.sections?.find((s) => s.id === 'contracts');
    assert.ok(section, 'a contracts section');
    assert.deepEqual(
      section.findings.filter((f) => f.ruleId === 'contracts/analysis-error').map((f) => f.message),
      [],
    );
  });
});
