import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import type { EvalsReport } from '../../src/core/evals-report.js';
import type { Report } from '../../src/core/types.js';
import { runEval, type EvalPlan } from '../../src/engine/run-eval.js';
import { loadGolden } from '../../src/evals/golden-load.js';
import { priceTable } from '../../src/evals/prices.js';
import { baselineFromReport, mergeReports, runGate, serializeBaseline } from '../../src/gate/index.js';
import { createReplayProvider } from '../../src/providers/index.js';
import { runCli } from '../support/spawn-cli.js';
import { REPO } from '../support/fixtures.js';
import { DESK_EXPECTED } from './desk-policy.js';

const DIR = path.join(REPO, 'examples/support-desk/golden');
const GOLDEN = path.join(DIR, 'tasks.yaml');
const MODEL = 'openai:scripted-demo-model';

/** What must not depend on sharding: per case (in order) its hash, verdict and counts; per model every figure. */
function figures(e: EvalsReport) {
  return e.models.map((m) => ({
    model: m.model,
    cases: m.cases.map((c) => ({
      id: c.id,
      hash: c.hash,
      verdict: c.verdict,
      passes: c.passes,
      n: c.n,
      errors: c.errors,
      passRate: c.passRate,
      passHatK: c.passHatK,
      runs: c.trace.map((r) => r.status),
    })),
    metrics: m.metrics,
    summary: m.summary,
    usage: m.usage,
    costUsd: m.costUsd,
  }));
}

describe('eval --shard and merge on the demo golden set (replayed from the committed cassette, offline)', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let dir: string;
  let plan: Omit<EvalPlan, 'models'>;
  const models = async () => [{ provider: await createReplayProvider(path.join(DIR, 'cassettes'), MODEL), source: 'replay' as const }];
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
    dir = await mkdtemp(path.join(tmpdir(), 'assay-eval-shard-'));
    plan = {
      target: { kind: 'http', url: desk.url },
      golden: await loadGolden(GOLDEN),
      runs: 5,
      concurrency: 4,
      allowTools: [],
      timeoutMs: 10_000,
      startupTimeoutMs: 30_000,
      runTimeoutMs: 60_000,
      prices: priceTable(),
    };
  });
  after(async () => {
    await desk.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('3 shards merged give the unsharded run: same cases in golden order, verdicts, metrics, summary, usage and cost', async () => {
    const whole = await runEval({ ...plan, models: await models() });
    assert.deepEqual(
      Object.fromEntries(whole.evals!.models[0]!.cases.map((c) => [c.id, [c.verdict, c.passes]])),
      DESK_EXPECTED.verdicts,
      'the unsharded replay is the recorded one',
    );
    assert.deepEqual(whole.evals!.problems, [], 'over HTTP the replay matches its recording exactly (no drift)');
    const shards: Report[] = [];
    for (const index of [1, 2, 3]) shards.push(await runEval({ ...plan, models: await models(), shard: { index, count: 3 } }));
    const ids = shards.map((s) => s.evals!.models[0]!.cases.map((c) => c.id));
    assert.ok(
      ids.every((x) => x.length > 0 && x.length < plan.golden.cases.length),
      `each shard runs a part: ${ids.map((x) => x.length).join(', ')}`,
    );
    assert.deepEqual(ids.flat().sort(), plan.golden.cases.map((c) => c.id).sort(), 'every case runs in exactly one shard');
    const runIds = new Set(shards.map((s) => s.evals!.shard!.runId));
    assert.equal(runIds.size, 1, 'shards of one run share its id');
    assert.deepEqual(
      shards.map((s) => [s.evals!.shard!.index, s.evals!.shard!.count]),
      [
        [1, 3],
        [2, 3],
        [3, 3],
      ],
    );
    const merged = mergeReports(shards.map((report, i) => ({ file: `shard-${i + 1}.json`, report })));
    assert.equal(merged.evals!.shard, undefined);
    assert.deepEqual(figures(merged.evals!), figures(whole.evals!));
    assert.equal(
      runGate(merged, baselineFromReport(whole), { report: 'merged', baseline: 'whole' }).exitCode,
      0,
      'the merged run gates clean against the unsharded one',
    );
  });

  it('through the CLI: `eval --shard i/3` then `merge` gives the verdicts and metrics of one unsharded `eval`; --baseline, --history, --html, --sarif', async () => {
    const common = ['eval', desk.url, '--golden', GOLDEN, '--replay', path.join(DIR, 'cassettes'), '--no-cache'];
    const one = await runCli([...common, '--json', path.join(dir, 'whole.json')], { cwd: dir });
    assert.equal(one.code, 1, one.stderr); // three cases miss their gate in the recording
    const files: string[] = [];
    for (const i of [1, 2, 3]) {
      const file = path.join(dir, `shard-${i}.json`);
      const r = await runCli([...common, '--shard', `${i}/3`, '--json', file], { cwd: dir });
      assert.match(r.stderr, new RegExp(`shard ${i}/3 of the cases × models`));
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      files.push(file);
    }
    const out = path.join(dir, 'merged.json');
    const m = await runCli(['merge', ...files, '-o', out, '--html', path.join(dir, 'merged.html')], { cwd: dir });
    assert.equal(m.code, one.code, m.stderr);
    const read = async (f: string) => JSON.parse(await readFile(f, 'utf8')) as Report;
    assert.deepEqual(figures((await read(out)).evals!), figures((await read(path.join(dir, 'whole.json'))).evals!));
    assert.match(await readFile(path.join(dir, 'merged.html'), 'utf8'), /data-testid="eval-matrix"/);

    // The CI loop on eval as on check: the gate against a green baseline, a history line, HTML with the matrix.
    const whole = await read(path.join(dir, 'whole.json'));
    const baseline = path.join(dir, 'green.json');
    await writeFile(baseline, serializeBaseline(baselineFromReport(whole)));
    const gj = path.join(dir, 'gate.json');
    const hist = path.join(dir, 'history.jsonl');
    const gated = await runCli(
      [
        ...common,
        '--baseline',
        baseline,
        '--gate-json',
        gj,
        '--history',
        hist,
        '--html',
        path.join(dir, 'e.html'),
        '--sarif',
        path.join(dir, 'e.sarif'),
        '--no-step-summary',
      ],
      { cwd: dir },
    );
    const expected = runGate(whole, baselineFromReport(whole), { report: 'r', baseline: 'b' });
    assert.equal(gated.code, expected.exitCode, gated.stdout + gated.stderr);
    assert.equal((JSON.parse(await readFile(gj, 'utf8')) as { exitCode: number }).exitCode, expected.exitCode);
    assert.ok(
      expected.pooled.some((p) => p.model === MODEL && p.now.runs > 0),
      'the behaviour of the model was compared',
    );
    const lines = (await readFile(hist, 'utf8')).trim().split('\n');
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, new RegExp(whole.evals!.golden.hash));
    assert.match(await readFile(path.join(dir, 'e.html'), 'utf8'), /data-testid="eval-matrix"/);
    assert.equal((JSON.parse(await readFile(path.join(dir, 'e.sarif'), 'utf8')) as { version: string }).version, '2.1.0');

    const bad = await runCli([...common, '--shard', '4/3'], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--shard wants i\/n with 1 <= i <= n, e\.g\. 2\/4; got "4\/3"/);
  });
});
