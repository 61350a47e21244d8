import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { selectShardPairs } from '../../src/core/shard.js';
import { readEvals } from '../../src/core/evals-adapter.js';
import { baselineFromReport, GateInputError, mergeReports, runGate, type MergeInput } from '../../src/gate/index.js';
import type { Report } from '../../src/core/types.js';
import { rate } from '../../src/core/stats.js';
import { evals, report, row, target, type CaseRow, type EvalsExtra } from './fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const MODELS = ['m:a', 'm:b'];
/** Golden-set order is the file's order (line), which is not the ids' order. */
const CASES = Array.from({ length: 12 }, (_, i) => `case-${String(11 - i).padStart(2, '0')}`);
/** A full run: varied pass counts, critical tags, infra errors, costs and latencies. */
const FULL_ROWS = CASES.flatMap((c, i) =>
  MODELS.map((m, j) =>
    row(c, m, (i * 3 + j * 2) % 6 > 5 ? 5 : (i * 3 + j * 2) % 6, 5, {
      line: 3 + i * 4,
      tags: i % 3 === 0 ? ['critical'] : ['search'],
      latenciesMs: [100 + i, 200 + j, 300, 400, 500 + i * j],
      costUsd: 0.01 * (i + 1),
      ...(i === 7 && j === 1 ? { errors: 2, verdict: 'inconclusive' } : {}),
    }),
  ),
);
const conf = () => target({ name: 'desk', checks: { 'a/one': 'pass', 'a/two': 'fail' } });

function shardReports(count: number, rows = FULL_ROWS, extra: EvalsExtra = {}): MergeInput[] {
  return Array.from({ length: count }, (_, k) => {
    const pairs = new Set(selectShardPairs(CASES, MODELS, { index: k + 1, count }).map((p) => `${p.caseId}|${p.model}`));
    const e = evals(
      rows.filter((r) => pairs.has(`${r.caseId}|${r.model}`)),
      { shard: { index: k + 1, count, runId: 'run-7' }, models: MODELS, ...extra },
    );
    e.golden.cases = CASES.length;
    return { file: `shard-${k + 1}.json`, report: report([conf()], e) };
  });
}

const full = (): Report => report([conf()], evals(FULL_ROWS, { models: MODELS }));

const verdicts = (r: Report) =>
  readEvals(r)!
    .results.map((x) => `${x.caseId}|${x.model}|${x.passes}/${x.runs}|${x.verdict}`)
    .sort();

describe('merge: shards combine into the unsharded report', () => {
  it('the same evals part (cases in golden order, verdicts, metrics, summary, usage, cost) and the same gate result as the unsharded run, for 1 to 5 shards', () => {
    const baseRows = FULL_ROWS.map((r) => ({ ...r, passes: r.runs, verdict: 'pass' }));
    const base = report([target({ name: 'desk', checks: { 'a/one': 'pass', 'a/two': 'pass' } })], evals(baseRows, { models: MODELS }));
    const baseline = baselineFromReport(base);
    const files = { report: 'r', baseline: 'b' };
    const unsharded = runGate(full(), baseline, files);
    assert.equal(unsharded.exitCode, 1, 'the fixture has regressions to find');
    for (const n of [1, 2, 3, 5]) {
      const merged = mergeReports(shardReports(n));
      assert.deepEqual(verdicts(merged), verdicts(full()), `${n} shards`);
      assert.equal(merged.evals!.shard, undefined);
      assert.deepEqual(merged.evals, full().evals, `${n} shards: the evals part`);
      assert.deepEqual(
        merged.evals!.models[0]!.cases.map((c) => c.id),
        CASES,
        'golden order, not id order',
      );
      assert.deepEqual(runGate(merged, baseline, files), unsharded, `${n} shards gate the same`);
      assert.deepEqual(merged.summary, full().summary);
    }
  });

  it('pooled counts add over shards and the rates are recomputed from them (hand-computed)', () => {
    const part = (rows: CaseRow[], index: number, over: [number, number], falseSend?: number) => {
      const e = evals(rows, { shard: { index, count: 2, runId: 'r' } });
      const m = e.models[0]!;
      m.metrics.overTriggerRate = rate(...over);
      if (falseSend !== undefined) m.metrics.falseTriggers = { send: rate(falseSend, over[1]) };
      return { ...report([]), evals: e };
    };
    const cost = { costUsd: 0.01 };
    const a = part([row('c1', 'm:a', 5, 5, { line: 1, ...cost }), row('c3', 'm:a', 4, 5, { line: 9, ...cost })], 1, [1, 4], 1);
    const b = part([row('c2', 'm:a', 3, 5, { line: 5, ...cost })], 2, [0, 6]);
    const m = mergeReports([
      { file: 'a', report: a },
      { file: 'b', report: b },
    ]).evals!.models[0]!;
    assert.deepEqual(
      m.cases.map((c) => c.id),
      ['c1', 'c2', 'c3'],
    );
    // selection 9/10 + 3/5 = 12/15 = 0.8, Wilson 95% [0.5481, 0.9295]
    assert.deepEqual(m.metrics.selectionAccuracy, { c: 12, n: 15, rate: 0.8, lo: 0.5481, hi: 0.9295 });
    // over-triggering 1/4 + 0/6 = 1/10, Wilson 95% [0.0179, 0.4042]; `send` false triggers are over all 10 negative runs
    assert.deepEqual(m.metrics.overTriggerRate, { c: 1, n: 10, rate: 0.1, lo: 0.0179, hi: 0.4042 });
    assert.deepEqual(m.metrics.falseTriggers, { send: { c: 1, n: 10, rate: 0.1, lo: 0.0179, hi: 0.4042 } });
    assert.deepEqual(m.metrics.confusion, { get: { get: 12, NONE: 3 } });
    assert.deepEqual(m.summary, { cases: 3, pass: 1, fail: 2, inconclusive: 0, runs: 15, errors: 0, cacheHits: 0 });
    assert.deepEqual(m.usage, { inputTokens: 1500, outputTokens: 150 });
    assert.equal(m.costUsd, 0.03);
  });

  it('shards of different runs, repeated, overlapping or missing shards: an error naming the file', () => {
    const s = shardReports(3);
    const other = shardReports(3, FULL_ROWS, { goldenSet: { name: 'desk', hash: 'golden-2' } });
    const err = (inputs: MergeInput[], re: RegExp) =>
      assert.throws(
        () => mergeReports(inputs),
        (e: unknown) => e instanceof GateInputError && re.test(e.message),
      );
    err([s[0]!, other[1]!, s[2]!], /^shard-2\.json: a shard of another run than shard-1\.json: the golden set hash differs/);
    err([s[0]!, s[1]!, s[1]!], /^shard-2\.json: shard 2\/3 again \(also shard-2\.json\)/);
    err([s[0]!, s[1]!], /^shard-1\.json: shard\(s\) 3 of 3 are missing/);
    const stolen = s[0]!.report.evals!.models.find((m) => m.cases.length)!;
    const e2 = structuredClone(s[2]!.report.evals!);
    e2.models.find((m) => m.model === stolen.model)!.cases.push(stolen.cases[0]!);
    const overlap = { file: 'x.json', report: { ...s[2]!.report, evals: e2 } };
    err([s[0]!, s[1]!, overlap], /^x\.json: case .* was also run in shard-1\.json: the shards overlap/);
    const diffTarget = { file: 'y.json', report: { ...s[2]!.report, targets: [target({ name: 'desk', checks: { 'a/one': 'fail', 'a/two': 'fail' } })] } };
    err([s[0]!, s[1]!, diffTarget], /^y\.json: target desk was also checked in shard-1\.json with other results \(a\/one: pass there, fail here\)/);
    err(
      [s[0]!, { file: 'v.json', report: { ...s[1]!.report, tool: { name: 'mcp-assay', version: '0.2.0' } } }, s[2]!],
      /^v\.json: written by mcp-assay 0\.2\.0/,
    );
  });

  it('the merge command writes the merged report; bad shards are exit 2 naming the file', async () => {
    const dir = tempDir('assay-merge-');
    const files = shardReports(2).map((s) => {
      const p = path.join(dir, s.file);
      writeFileSync(p, JSON.stringify(s.report));
      return p;
    });
    const out = path.join(dir, 'merged', 'report.json');
    const ok = await runCli(['merge', ...files, '-o', out, '--html', path.join(dir, 'merged', 'report.html')]);
    assert.equal(ok.code, 1, ok.stderr); // the conformance target has a failing check, as in the unsharded run
    assert.deepEqual(verdicts(JSON.parse(readFileSync(out, 'utf8'))), verdicts(full()));
    assert.match(readFileSync(path.join(dir, 'merged', 'report.html'), 'utf8'), /data-testid="eval-matrix"/);
    const bad = await runCli(['merge', files[0]!, files[0]!, '-o', out]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /shard-1\.json: shard 1\/2 again/);
  });
});
