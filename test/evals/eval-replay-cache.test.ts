import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import type { ModelProvider } from '../../src/core/provider.js';
import type { Report } from '../../src/core/types.js';
import { runEval, type EvalPlan } from '../../src/engine/run-eval.js';
import { loadGolden } from '../../src/evals/golden-load.js';
import { parseGolden } from '../../src/evals/golden-load.js';
import { priceTable } from '../../src/evals/prices.js';
import { createProvider, createReplayProvider, recording } from '../../src/providers/index.js';
import { startMockLlm, type MockLlm } from '../support/mock-llm.js';
import { REPO } from '../support/fixtures.js';
import { deskPolicy } from './desk-policy.js';

const verdicts = (r: Report) => r.evals!.models[0]!.cases.map((c) => `${c.id}:${c.verdict}:${c.passes}`);

describe('record, replay and cache', () => {
  let llm: MockLlm;
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let dir: string;
  let base: Omit<EvalPlan, 'models'>;
  before(async () => {
    llm = await startMockLlm(deskPolicy);
    desk = await startSupportDeskHttp({ port: 0 });
    dir = await mkdtemp(path.join(tmpdir(), 'assay-eval-'));
    base = {
      target: { kind: 'http', url: desk.url },
      golden: await loadGolden(path.join(REPO, 'examples/support-desk/golden/tasks.yaml')),
      runs: 5,
      concurrency: 4,
      allowTools: [],
      timeoutMs: 5000,
      startupTimeoutMs: 10_000,
      runTimeoutMs: 30_000,
      prices: priceTable(),
    };
  });
  after(async () => {
    await llm.close();
    await desk.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a replay reproduces the recorded verdicts exactly and makes no request', async () => {
    const rec = recording(createProvider('openai:gpt-4.1-mini', { baseURL: llm.url, env: { OPENAI_API_KEY: 'k' }, maxRetries: 0 }));
    const live = await runEval({ ...base, models: [{ provider: rec, source: 'live' }] });
    await rec.save(path.join(dir, 'cassettes'));
    const before = llm.requests.length;
    const replay = await createReplayProvider(path.join(dir, 'cassettes'), 'openai:gpt-4.1-mini');
    const again = await runEval({ ...base, models: [{ provider: replay, source: 'replay' }] });
    assert.equal(llm.requests.length, before, 'no request on replay');
    assert.deepEqual(verdicts(again), verdicts(live));
    assert.deepEqual(again.evals!.models[0]!.metrics, live.evals!.models[0]!.metrics);
    assert.equal(again.evals!.models[0]!.source, 'replay');
    assert.deepEqual(replay.drift, []);
  });

  it('a second run of an unchanged suite is answered from the cache; a changed case is not', async () => {
    const counting = (inner: ModelProvider): ModelProvider & { calls: number } => {
      const p = { id: inner.id, params: inner.params, calls: 0, complete: (r: Parameters<ModelProvider['complete']>[0]) => (p.calls++, inner.complete(r)) };
      return p;
    };
    const cacheDir = path.join(dir, 'cache');
    const p1 = counting(createProvider('openai:gpt-4.1-mini', { baseURL: llm.url, env: { OPENAI_API_KEY: 'k' }, maxRetries: 0 }));
    const first = await runEval({ ...base, cacheDir, models: [{ provider: p1, source: 'live' }] });
    assert.ok(p1.calls > 0);
    const p2 = counting(createProvider('openai:gpt-4.1-mini', { baseURL: llm.url, env: { OPENAI_API_KEY: 'k' }, maxRetries: 0 }));
    const second = await runEval({ ...base, cacheDir, models: [{ provider: p2, source: 'live' }] });
    assert.equal(p2.calls, 0, 'no provider request on the second run');
    assert.equal(second.evals!.models[0]!.summary.cacheHits, 45);
    assert.deepEqual(verdicts(second), verdicts(first));
    // Another model id is another key.
    const p3 = counting(createProvider('openai:other', { baseURL: llm.url, env: { OPENAI_API_KEY: 'k' }, maxRetries: 0 }));
    await runEval({ ...base, cacheDir, runs: 1, models: [{ provider: p3, source: 'live' }] });
    assert.ok(p3.calls > 0);
  });

  it('a server that dies mid-eval: runs that needed it are errors with a clear reason, the rest still run', async () => {
    const dying = await startSupportDeskHttp({ port: 0 });
    const llm2 = await startMockLlm((r) => {
      if (r.task.includes('die') && r.turn === 0) void dying.close();
      if (r.turn > 0 || r.task.includes('thanks')) return { text: 'ok' };
      return { calls: [{ name: 'get_ticket', args: { id: 'T-1001' } }] };
    });
    try {
      const golden = parseGolden(
        '- {id: a-before, prompt: "show T-1001", expect_tool: get_ticket}\n- {id: b-die, prompt: "die now", expect_tool: get_ticket}\n- {id: c-chat, prompt: "thanks", expect_tool: null}\n',
        'd.yaml',
      );
      const r = await runEval({
        ...base,
        golden,
        target: { kind: 'http', url: dying.url },
        runs: 2,
        concurrency: 1,
        models: [{ provider: createProvider('openai:m', { baseURL: llm2.url, env: { OPENAI_API_KEY: 'k' }, maxRetries: 0 }), source: 'live' }],
      });
      const m = r.evals!.models[0]!;
      assert.deepEqual(
        m.cases.map((c) => c.verdict),
        ['pass', 'inconclusive', 'pass'],
      );
      assert.match(m.cases[1]!.trace[0]!.error!, /^the server could not answer: get_ticket: /);
      assert.match(r.evals!.problems.join('\n'), /could not reach the server/);
    } finally {
      await llm2.close();
      await dying.close().catch(() => undefined);
    }
  });
});
