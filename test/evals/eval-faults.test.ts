import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { ProviderError } from '../../src/core/provider.js';
import { exitCodeFor } from '../../src/core/summary.js';
import type { ModelEvalReport } from '../../src/core/evals-report.js';
import { runEval } from '../../src/engine/run-eval.js';
import { parseGolden } from '../../src/evals/golden-load.js';
import { priceTable } from '../../src/evals/prices.js';
import { createProvider, ModelIdError, parseModelId } from '../../src/providers/index.js';
import { startMockLlm, type MockLlm, type PolicyRequest, type Reply } from '../support/mock-llm.js';

const GOLDEN = `- {id: ok, prompt: "Show ticket T-1001", expect_tool: get_ticket, expect_args: {id: T-1001}}
- {id: limited, prompt: "Show ticket T-1002 (rate limited)", expect_tool: get_ticket}
- {id: broken-json, prompt: "Show ticket T-1003 (broken)", expect_tool: get_ticket, expect_args: {id: T-1003}}
- {id: flaky-500, prompt: "Show ticket T-1004 (500s)", expect_tool: get_ticket}
- {id: hangs, prompt: "Say hello (hangs)", expect_tool: null}
- {id: chat, prompt: "Thanks!", expect_tool: null}
`;

function policy(r: PolicyRequest): Reply {
  const id = /T-\d+/.exec(r.task)?.[0];
  if (r.task.includes('rate limited') && r.occurrence === 1 && r.turn === 0 && !r.headers['x-stainless-retry-count']?.toString().match(/[1-9]/))
    return { status: 429, error: 'Rate limit reached', headers: { 'retry-after': '1' } };
  if (r.task.includes('500s') && r.occurrence >= 4) return { status: 500, error: 'upstream exploded' };
  if (r.task.includes('hangs')) return { hang: true };
  if (r.turn > 0 || !id) return { text: 'ok' };
  if (r.task.includes('broken')) return { calls: [{ name: 'get_ticket', raw: '{"id": "T-10' }] };
  return { calls: [{ name: 'get_ticket', args: { id } }] };
}

describe('eval under provider faults (real openai SDK, mock API)', () => {
  let llm: MockLlm;
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let m: ModelEvalReport;
  let exit: number;
  before(async () => {
    llm = await startMockLlm(policy);
    desk = await startSupportDeskHttp({ port: 0 });
    const provider = createProvider('openai:m', { baseURL: llm.url, env: { OPENAI_API_KEY: 'sk-x' }, maxRetries: 2, timeoutMs: 400 });
    const report = await runEval({
      target: { kind: 'http', url: desk.url },
      golden: parseGolden(GOLDEN, 'faults.yaml'),
      models: [{ provider, source: 'live' }],
      runs: 5,
      concurrency: 3,
      allowTools: [],
      timeoutMs: 5000,
      startupTimeoutMs: 10_000,
      runTimeoutMs: 20_000,
      prices: priceTable(),
    });
    m = report.evals!.models[0]!;
    exit = exitCodeFor(report);
  });
  after(async () => {
    await llm.close();
    await desk.close();
  });
  const byId = (id: string) => m.cases.find((c) => c.id === id)!;

  it('429 with Retry-After is retried after the wait the server asked for, and the run counts', () => {
    assert.equal(byId('limited').verdict, 'pass');
    assert.equal(byId('limited').errors, 0);
    const tries = llm.requests.filter((r) => r.task.includes('rate limited') && r.turn === 0);
    assert.equal(tries.length, 6, 'five runs plus one retry');
  });

  it('broken JSON arguments are recorded as such and fail the argument check, not the harness', () => {
    const c = byId('broken-json');
    assert.equal(c.verdict, 'fail');
    const call = c.trace[0]!.calls[0]!;
    assert.equal(call.handling, 'bad-arguments');
    assert.equal(call.rawArguments, '{"id": "T-10');
    const sel = c.trace[0]!.assertions.find((a) => a.scorer === 'selection')!;
    assert.equal(sel.pass, true);
    assert.match(c.trace[0]!.assertions.find((a) => a.scorer === 'arguments')!.reason, /arguments unusable: arguments are not JSON/);
  });

  it('a provider failing after retries makes runs `error`; more than one error is inconclusive, never a pass', () => {
    const c = byId('flaky-500');
    assert.equal(c.errors, 2);
    assert.equal(c.verdict, 'inconclusive');
    assert.match(c.trace.find((r) => r.status === 'error')!.error!, /^server: openai: 500/);
  });

  it('a hanging provider times out; the other cases still run and nothing is lost', () => {
    assert.equal(byId('hangs').verdict, 'inconclusive');
    assert.match(byId('hangs').trace[0]!.error!, /^timeout:/);
    assert.equal(byId('ok').verdict, 'pass');
    assert.equal(byId('chat').verdict, 'pass');
    assert.equal(m.cases.length, 6);
    assert.ok(m.cases.every((c) => c.trace.length === 5));
    assert.equal(exit, 1, 'a failed case outranks inconclusive ones');
  });
});

describe('fatal provider problems', () => {
  it('a missing key names the variable; an unknown provider or malformed id is a clear error', () => {
    assert.throws(
      () => createProvider('openai:gpt-4.1-mini', { env: {} }),
      (e: unknown) => e instanceof ProviderError && e.failure === 'missing-key' && /OPENAI_API_KEY is not set/.test(e.message),
    );
    assert.throws(() => createProvider('anthropic:claude', { env: {} }), /ANTHROPIC_API_KEY is not set/);
    assert.doesNotThrow(() => createProvider('openai:llama3.2', { env: {}, baseURL: 'http://127.0.0.1:11434/v1' }), 'a local endpoint needs no key');
    assert.throws(() => parseModelId('gpt-4'), ModelIdError);
    assert.throws(() => parseModelId('mistral:large'), /unknown provider "mistral"/);
  });

  it('an authentication failure stops the model with the provider message (key masked): exit 3, not failing cases', async () => {
    const llm = await startMockLlm(() => ({ status: 401, error: 'Incorrect API key provided: sk-live-abcdefghijklmnop. You can find your API key at …' }));
    const desk = await startSupportDeskHttp({ port: 0 });
    try {
      const provider = createProvider('openai:m', { baseURL: llm.url, env: { OPENAI_API_KEY: 'sk-live-abcdefghijklmnop' }, maxRetries: 0 });
      const report = await runEval({
        target: { kind: 'http', url: desk.url },
        golden: parseGolden(GOLDEN, 'faults.yaml'),
        models: [{ provider, source: 'live' }],
        runs: 5,
        concurrency: 1,
        allowTools: [],
        timeoutMs: 5000,
        startupTimeoutMs: 10_000,
        runTimeoutMs: 20_000,
        prices: priceTable(),
      });
      const m = report.evals!.models[0]!;
      assert.match(m.aborted!, /^openai: 401 Incorrect API key provided: \*\*\*/);
      assert.equal(llm.requests.length, 1, 'no request after the auth failure');
      assert.ok(m.cases.every((c) => c.verdict === 'inconclusive'));
      assert.equal(exitCodeFor(report), 3);
      assert.ok(!JSON.stringify(report).includes('abcdefghijklmnop'));
    } finally {
      await llm.close();
      await desk.close();
    }
  });
});
