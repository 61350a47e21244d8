import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { createSemanticMatcher, resolveSemantic } from '../../src/engine/eval-semantic.js';
import { replaySemantic } from '../../src/engine/semantic-cassette.js';
import { runEval } from '../../src/engine/run-eval.js';
import { loadGolden } from '../../src/evals/golden-load.js';
import { priceTable } from '../../src/evals/prices.js';
import { cosine, parseSemanticSpec, type SemanticMatcher } from '../../src/evals/semantic.js';
import { createProvider } from '../../src/providers/index.js';
import { startMockLlm, type MockLlm, type PolicyRequest, type Reply } from '../support/mock-llm.js';

/** Hand-chosen vectors: cosine to the expected [1,0,0] is 0.9/√0.91 = 0.9435, 0.8 and 0. */
const VECTORS: Record<string, number[]> = {
  'Northwind Traders': [1, 0, 0],
  'northwind traders inc': [0.9, 0.3, 0.1],
  'the Northwind company': [0.8, 0.6, 0],
  'Ana Lima': [0, 0, 1],
};
/** Runs 1-2, 3-4 and 5 of each eval send these queries (the mock counts occurrences across evals). */
const QUERY = (occurrence: number) => ((occurrence - 1) % 5) + 1;
const QUERY_TEXT = (n: number) => (n <= 2 ? 'northwind traders inc' : n <= 4 ? 'the Northwind company' : 'Ana Lima');
const JUDGE_YES = new Set(['northwind traders inc', 'the Northwind company']);

function policy(r: PolicyRequest): Reply {
  const system = String((r.body.messages as { role: string; content: string }[])[0]?.content ?? '');
  if (system.startsWith('You decide whether two values')) {
    const actual = /Actual value: (".*")/.exec(r.task)?.[1];
    return { text: actual && JUDGE_YES.has(JSON.parse(actual) as string) ? 'YES' : 'NO' };
  }
  if (r.turn === 0) return { calls: [{ name: 'find_customer', args: { query: QUERY_TEXT(QUERY(r.occurrence)) } }] };
  return { text: 'Found them.' };
}

describe('semantic argument matching (embeddings endpoint, judge, lexical fallback)', () => {
  let llm: MockLlm;
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let dir: string;
  const inputs: string[][] = [];
  before(async () => {
    llm = await startMockLlm(policy, {
      inputs,
      embed: (t, model) => {
        const v = model === 'missing' ? undefined : VECTORS[t];
        if (!v) throw new Error(`no vector for ${t}`);
        return v;
      },
    });
    desk = await startSupportDeskHttp({ port: 0 });
    dir = await mkdtemp(path.join(tmpdir(), 'assay-semantic-'));
  });
  after(async () => {
    await llm.close();
    await desk.close();
    await rm(dir, { recursive: true, force: true });
  });

  const env = () => ({ OPENAI_API_KEY: 'k' });
  const run = async (matcher: string, semantic?: SemanticMatcher, extra = '') => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.yaml`);
    await writeFile(
      file,
      `- id: northwind\n  prompt: "Look up Northwind Traders."\n  expect_tool: find_customer\n  expect_args: {query: "Northwind Traders"}\n  arg_match: {query: ${matcher}}\n${extra}`,
    );
    const r = await runEval({
      target: { kind: 'http', url: desk.url },
      golden: await loadGolden(file),
      models: [{ provider: createProvider('openai:m', { baseURL: llm.url, env: env(), maxRetries: 0 }), source: 'live' }],
      runs: 5,
      concurrency: 1,
      allowTools: [],
      timeoutMs: 5000,
      startupTimeoutMs: 10_000,
      runTimeoutMs: 20_000,
      prices: priceTable(),
      ...(semantic ? { semantic } : {}),
    });
    const c = r.evals!.models[0]!.cases[0]!;
    return { passes: c.passes, reasons: c.trace.map((t) => t.assertions.find((a) => a.scorer === 'arguments')!.reason) };
  };
  const embeddings = () => createSemanticMatcher('embeddings:openai:text-embedding-3-small', [{ id: 'openai:text-embedding-3-small', baseURL: llm.url }]);

  it('cosine and spec parsing, by hand', () => {
    assert.equal(cosine([1, 0, 0], [0.9, 0.3, 0.1]).toFixed(4), '0.9435');
    assert.equal(cosine([1, 0, 0], [0.8, 0.6, 0]).toFixed(4), '0.8000');
    assert.equal(cosine([0, 0], [1, 0]), 0);
    assert.throws(() => cosine([1], [1, 0]), /dimensions differ/);
    assert.deepEqual(parseSemanticSpec('judge:openai:gpt-4.1-mini'), { via: 'judge', model: 'openai:gpt-4.1-mini' });
    assert.throws(() => parseSemanticSpec('embeddings:text-embedding-3-small'), /write embeddings:openai:MODEL/);
    assert.throws(() => parseSemanticSpec('vibes:openai:x'), /judge:provider:MODEL/);
  });

  it('embeddings through the real SDK: cosine >= 0.85 by default passes runs 1-2 only (0.9435 yes, 0.8 and 0 no)', async () => {
    inputs.length = 0;
    const r = await run('semantic', await embeddings());
    assert.equal(r.passes, 2);
    assert.match(r.reasons[0]!, /^arguments of find_customer match/);
    assert.match(r.reasons[2]!, /cosine similarity 0\.800 < 0\.85 \(embeddings:openai:text-embedding-3-small\)/);
    assert.match(r.reasons[4]!, /cosine similarity 0\.000 < 0\.85/);
    // Each distinct text is embedded once per eval: the expected value and three different queries.
    assert.deepEqual(inputs.flat().sort(), ['Ana Lima', 'Northwind Traders', 'northwind traders inc', 'the Northwind company']);
  });

  it('a per-argument threshold of 0.75 also passes the 0.8 runs (4 of 5)', async () => {
    const r = await run('{match: semantic, threshold: 0.75}', await embeddings());
    assert.equal(r.passes, 4);
    assert.match(r.reasons[4]!, /cosine similarity 0\.000 < 0\.75/);
  });

  it('a case-level semantic_threshold of 0.75 does the same; an argument threshold of 0.9 overrides it (2 of 5)', async () => {
    assert.equal((await run('semantic', await embeddings(), '  semantic_threshold: 0.75\n')).passes, 4);
    assert.equal((await run('{match: semantic, threshold: 0.9}', await embeddings(), '  semantic_threshold: 0.75\n')).passes, 2);
  });

  it('--record keeps the similarities next to the cassettes; --replay reproduces the verdicts without asking the endpoint', async () => {
    const rec = path.join(dir, 'rec');
    const live = await resolveSemantic({
      spec: 'embeddings:openai:text-embedding-3-small',
      configured: [{ id: 'openai:text-embedding-3-small', baseURL: llm.url }],
      recordDir: rec,
    });
    const recorded = await run('semantic', live.matcher);
    await live.recorder!.save(rec);
    inputs.length = 0;
    const replay = await resolveSemantic({ configured: [], replayDir: rec });
    assert.equal(replay.matcher!.id, 'embeddings:openai:text-embedding-3-small');
    const replayed = await run('semantic', replay.matcher);
    assert.deepEqual(replayed, recorded);
    assert.equal(replayed.passes, 2);
    assert.equal(inputs.length, 0);
    await assert.rejects(
      replay.matcher!.similarity([{ expected: 'Northwind Traders', actual: 'Contoso' }]),
      /has no similarity for "Contoso" vs "Northwind Traders"/,
    );
    assert.equal(await replaySemantic(dir), undefined);
    await assert.rejects(resolveSemantic({ spec: 'judge:openai:x', configured: [], replayDir: dir }), /holds no semantic\.json/);
  });

  it('a judge model asked yes/no passes the runs it calls equivalent (4 of 5)', async () => {
    const judge = await createSemanticMatcher('judge:openai:equiv', [{ id: 'openai:equiv', baseURL: llm.url }]);
    const r = await run('semantic', judge);
    assert.equal(r.passes, 4);
    assert.match(r.reasons[4]!, /judge:openai:equiv judged not equivalent: "Ana Lima" vs "Northwind Traders"/);
  });

  it('without a matcher the lexical fallback decides and says so (word overlap 1.0, 0.5, 0 against 0.7)', async () => {
    const r = await run('semantic');
    assert.equal(r.passes, 2);
    assert.match(r.reasons[2]!, /lexical fallback similarity 0\.50 < 0\.7 .*no embeddings endpoint or judge configured/);
  });

  it('an endpoint that answers 400 makes each run an error and the case inconclusive, never a pass', async () => {
    const broken = await createSemanticMatcher('embeddings:openai:missing', [{ id: 'openai:missing', baseURL: llm.url }]);
    const file = path.join(dir, 'broken.yaml');
    await writeFile(
      file,
      `- id: northwind\n  prompt: "Look up Northwind Traders."\n  expect_tool: find_customer\n  expect_args: {query: "Northwind Traders"}\n  arg_match: {query: semantic}\n`,
    );
    const r = await runEval({
      target: { kind: 'http', url: desk.url },
      golden: await loadGolden(file),
      models: [{ provider: createProvider('openai:m', { baseURL: llm.url, env: env(), maxRetries: 0 }), source: 'live' }],
      runs: 2,
      concurrency: 1,
      allowTools: [],
      timeoutMs: 5000,
      startupTimeoutMs: 10_000,
      runTimeoutMs: 20_000,
      prices: priceTable(),
      semantic: broken,
    });
    const c = r.evals!.models[0]!.cases[0]!;
    assert.equal(c.passes, 0);
    assert.equal(c.verdict, 'inconclusive');
    assert.match(c.trace[0]!.error ?? '', /bad-request: .*no vector for Northwind Traders/);
  });
});
