import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { cohensKappa } from '../../src/core/stats.js';
import { runEval } from '../../src/engine/run-eval.js';
import { calibrate } from '../../src/evals/calibrate.js';
import { loadGolden } from '../../src/evals/golden-load.js';
import { JUDGE_PROMPT_VERSION, parseVerdict } from '../../src/evals/judge.js';
import { priceTable } from '../../src/evals/prices.js';
import { loadRubrics } from '../../src/evals/rubrics.js';
import { createProvider } from '../../src/providers/index.js';
import { startMockLlm, type MockLlm, type PolicyRequest, type Reply } from '../support/mock-llm.js';
import { REPO } from '../support/fixtures.js';

const FIX = path.join(REPO, 'test/fixtures/evals');

/** Agent: reads the ticket, then answers well on runs 1-3 and badly on 4-5. Judge: 1 for a good answer, 0 otherwise. */
function policy(r: PolicyRequest): Reply {
  const system = String((r.body.messages as { role: string; content: string }[])[0]?.content ?? '');
  if (system.startsWith('You grade')) {
    const good = /Final answer:\n(It is about|GOOD)/.test(r.task);
    return { text: `{"score": ${good ? 1 : 0}, "reason": "${good ? 'names the subject' : 'does not'}", "rubric_hits": []}` };
  }
  if (r.turn === 0) return { calls: [{ name: 'get_ticket', args: { id: 'T-1002' } }] };
  return { text: r.occurrence <= 3 ? 'It is about a password reset link that expires.' : 'No idea.' };
}

describe('task completion by a judge', () => {
  let llm: MockLlm;
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  before(async () => {
    llm = await startMockLlm(policy);
    desk = await startSupportDeskHttp({ port: 0 });
  });
  after(async () => {
    await llm.close();
    await desk.close();
  });

  const run = async (gate: boolean) => {
    const golden = await loadGolden(path.join(FIX, 'judged.yaml'));
    const p = () => createProvider('openai:m', { baseURL: llm.url, env: { OPENAI_API_KEY: 'k' }, maxRetries: 0 });
    return runEval({
      target: { kind: 'http', url: desk.url },
      golden,
      models: [{ provider: p(), source: 'live' }],
      runs: 5,
      concurrency: 1,
      allowTools: [],
      timeoutMs: 5000,
      startupTimeoutMs: 10_000,
      runTimeoutMs: 20_000,
      prices: priceTable(),
      judge: {
        provider: createProvider('openai:judge', { baseURL: llm.url, env: { OPENAI_API_KEY: 'k' }, maxRetries: 0 }),
        gate,
        rubrics: await loadRubrics(golden),
      },
    });
  };

  it('a gating judge fails runs whose answer misses the rubric; the report names judge, prompt version and rubric hash', async () => {
    const r = await run(true);
    const c = r.evals!.models[0]!.cases[0]!;
    assert.deepEqual([c.passes, c.n, c.verdict], [3, 5, 'fail']);
    assert.match(c.trace[4]!.assertions.find((a) => a.scorer === 'judge')!.reason, /^openai:judge scored 0 \(needs 1\)/);
    assert.equal(r.evals!.judge!.promptVersion, JUDGE_PROMPT_VERSION);
    assert.match(r.evals!.judge!.rubrics[0]!.hash, /^sha256:[0-9a-f]{64}$/);
  });

  it('an advisory judge is reported but does not decide the run', async () => {
    const c = (await run(false)).evals!.models[0]!.cases[0]!;
    assert.deepEqual([c.passes, c.verdict], [5, 'pass']);
    assert.equal(c.trace[4]!.assertions.find((a) => a.scorer === 'judge')!.advisory, true);
  });

  it('calibration: accuracy and Cohen kappa against labels, computed by hand', async () => {
    // judge: l1-l3 pass, l4-l6 fail; labels: p p f f f p -> agree on l1 l2 l4 l5 = 4/6.
    // p_o = 4/6; judge yes 3/6, label yes 3/6 -> p_e = 0.5; kappa = (0.6667 - 0.5) / 0.5 = 0.3333
    const c = await calibrate(path.join(FIX, 'labels.yaml'), createProvider('openai:judge', { baseURL: llm.url, env: { OPENAI_API_KEY: 'k' }, maxRetries: 0 }));
    assert.equal(c.n, 6);
    assert.equal(c.accuracy, 0.6667);
    assert.equal(c.kappa, 0.3333);
    assert.equal(c.mayGate, false);
    assert.match(c.why, /only 6 judged items/);
  });

  it('kappa and verdict parsing', () => {
    assert.equal(
      cohensKappa([
        [true, true],
        [false, false],
      ]),
      1,
    );
    assert.equal(
      cohensKappa([
        [true, false],
        [false, true],
      ]),
      -1,
    );
    assert.deepEqual(parseVerdict('Sure: {"score": 0.5, "reason": "partly", "rubric_hits": ["a"]}'), { score: 0.5, reason: 'partly', rubricHits: ['a'] });
    assert.throws(() => parseVerdict('yes'), /did not answer with JSON/);
    assert.throws(() => parseVerdict('{"score": 7}'), /not a number from 0 to 1/);
  });
});
