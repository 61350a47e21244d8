/**
 * The eval agent loop against a 2025-era server: server-everything (pinned devDependency) over stdio, through its
 * legacy session, with the real openai SDK against a scripted mock model. Metrics are computed by hand below.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { StdioTargetSpec } from '../../src/core/target-spec.js';
import { openEvalServer } from '../../src/engine/eval-server.js';
import { runEval } from '../../src/engine/run-eval.js';
import { loadGolden } from '../../src/evals/golden-load.js';
import { priceTable } from '../../src/evals/prices.js';
import { createProvider } from '../../src/providers/index.js';
import { npmServer } from '../real-servers/npm-servers.js';
import { startMockLlm, type MockLlm, type PolicyRequest, type Reply } from '../support/mock-llm.js';

const GOLDEN = `
- id: sum
  prompt: "What is 2 plus 3?"
  expect_tool: get-sum
  expect_args: {a: 2, b: 3}
- id: echo
  prompt: "Echo hello back to me."
  expect_tool: echo
  expect_args: {message: hello}
- id: chitchat
  prompt: "Thanks, that's all."
  expect_tool: null
- id: sum-then-echo
  prompt: "Add 2 and 3, then echo the answer."
  expect_sequence: [get-sum, echo]
`;

/**
 * 3 runs per case. sum: runs 1-2 send {a:2,b:3}, run 3 {a:2,b:4}. echo: always right. chitchat: run 1 calls echo.
 * sum-then-echo: runs 1-2 get-sum then echo (with the server's own sum text), run 3 only echo.
 * Hand-computed: selection 6/6, arguments 5/6, over-trigger 1/3, sequence 2/3; cases pass: echo only (hard gate 3/3).
 */
function policy(r: PolicyRequest): Reply {
  const n = r.occurrence;
  const done = { text: `Done: ${r.results.join(' | ')}` };
  if (r.task.startsWith('What is 2')) return r.turn === 0 ? { calls: [{ name: 'get-sum', args: { a: 2, b: n === 3 ? 4 : 3 } }] } : done;
  if (r.task.startsWith('Echo hello')) return r.turn === 0 ? { calls: [{ name: 'echo', args: { message: 'hello' } }] } : done;
  if (r.task.startsWith('Thanks')) return n === 1 && r.turn === 0 ? { calls: [{ name: 'echo', args: { message: 'bye' } }] } : { text: "You're welcome." };
  if (n === 3) return r.turn === 0 ? { calls: [{ name: 'echo', args: { message: '5' } }] } : done;
  if (r.turn === 0) return { calls: [{ name: 'get-sum', args: { a: 2, b: 3 } }] };
  if (r.turn === 1) return { calls: [{ name: 'echo', args: { message: r.results[0] ?? '' } }] };
  return done;
}

describe('eval against server-everything (2025-era, stdio)', () => {
  let llm: MockLlm;
  let dir: string;
  const [command, ...args] = npmServer('server-everything', ['stdio']);
  const target: StdioTargetSpec = { kind: 'stdio', command: command!, args };
  before(async () => {
    llm = await startMockLlm(policy);
    dir = await mkdtemp(path.join(tmpdir(), 'assay-everything-eval-'));
  });
  after(async () => {
    await llm.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the eval connection is a legacy (2025-era) session', async () => {
    const s = await openEvalServer(target, { timeoutMs: 10_000, startupTimeoutMs: 30_000 });
    try {
      assert.equal(s.era, 'legacy');
      assert.ok(s.tools.some((t) => t.name === 'get-sum') && s.tools.some((t) => t.name === 'echo'));
      assert.equal(s.annotations.get('get-sum')?.readOnlyHint, true);
    } finally {
      await s.close();
    }
  });

  it('tool calls reach the real server, its results come back, and the four scores are as computed by hand', async () => {
    const file = path.join(dir, 'tasks.yaml');
    await writeFile(file, GOLDEN);
    const r = await runEval({
      target,
      golden: await loadGolden(file),
      models: [{ provider: createProvider('openai:m', { baseURL: llm.url, env: { OPENAI_API_KEY: 'k' }, maxRetries: 0 }), source: 'live' }],
      runs: 3,
      concurrency: 1,
      allowTools: ['echo'],
      timeoutMs: 10_000,
      startupTimeoutMs: 30_000,
      runTimeoutMs: 30_000,
      prices: priceTable(),
    });
    const m = r.evals!.models[0]!;
    const rate = (x: { c: number; n: number }) => [x.c, x.n];
    assert.deepEqual(rate(m.metrics.selectionAccuracy), [6, 6]);
    assert.deepEqual(rate(m.metrics.argumentAccuracy), [5, 6]);
    assert.deepEqual(rate(m.metrics.overTriggerRate), [1, 3]);
    assert.deepEqual(rate(m.metrics.sequenceAccuracy), [2, 3]);
    assert.deepEqual(
      m.cases.map((c) => [c.id, c.passes, c.verdict]),
      [
        ['sum', 2, 'fail'],
        ['echo', 3, 'pass'],
        ['chitchat', 2, 'fail'],
        ['sum-then-echo', 2, 'fail'],
      ],
    );
    // The server computed and answered: its own text came back to the model and into the trace.
    const sum = m.cases[0]!.trace[0]!;
    assert.equal(sum.calls[0]!.handling, 'executed');
    assert.match(sum.calls[0]!.resultPreview, /The sum of 2 and 3 is 5\./);
    assert.match(sum.finalText, /^Done: .*The sum of 2 and 3 is 5\./);
    const seq = m.cases[3]!.trace[0]!;
    assert.deepEqual(
      seq.calls.map((c) => [c.tool, c.handling]),
      [
        ['get-sum', 'executed'],
        ['echo', 'executed'],
      ],
    );
    assert.match(seq.calls[1]!.resultPreview, /Echo: .*The sum of 2 and 3 is 5\./);
    assert.match(m.cases[3]!.trace[2]!.assertions.find((a) => a.scorer === 'sequence')!.reason, /get-sum/);
    assert.equal(r.evals!.problems.length, 0);
  });
});
