import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runEval } from '../../src/engine/run-eval.js';
import { loadGolden } from '../../src/evals/golden-load.js';
import { priceTable } from '../../src/evals/prices.js';
import { createReplayProvider } from '../../src/providers/index.js';
import { exampleStdio, REPO } from '../support/fixtures.js';
import { DESK_EXPECTED } from './desk-policy.js';

const DIR = path.join(REPO, 'examples/support-desk/golden');

describe('the committed demo cassette', () => {
  it('replays over stdio with the recorded verdicts and no network', async () => {
    const replay = await createReplayProvider(path.join(DIR, 'cassettes'), 'openai:scripted-demo-model');
    const r = await runEval({
      target: exampleStdio('support-desk/stdio'),
      golden: await loadGolden(path.join(DIR, 'tasks.yaml')),
      models: [{ provider: replay, source: 'replay' }],
      runs: 5,
      concurrency: 4,
      allowTools: [],
      timeoutMs: 10_000,
      startupTimeoutMs: 30_000,
      runTimeoutMs: 60_000,
      prices: priceTable(),
    });
    const m = r.evals!.models[0]!;
    assert.deepEqual(Object.fromEntries(m.cases.map((c) => [c.id, [c.verdict, c.passes]])), DESK_EXPECTED.verdicts);
    // Drift (a tool result that differs from the recording) is reported, not fatal: answers are keyed by case, run
    // and turn. The cassette was recorded over HTTP; over stdio only the search-refunds follow-up turns differ.
    assert.ok(
      replay.drift.every((k) => k.startsWith('search-refunds#')),
      replay.drift.join(', '),
    );
  });
});
