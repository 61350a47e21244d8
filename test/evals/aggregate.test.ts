import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunRecord, TraceCall } from '../../src/core/evals-report.js';
import type { ToolSpec } from '../../src/core/provider.js';
import { passAtK, passHatK, rate, wilson } from '../../src/core/stats.js';
import { caseReport, modelMetrics, requiredPasses } from '../../src/evals/aggregate.js';
import { parseGolden } from '../../src/evals/golden-load.js';
import { scoreRun } from '../../src/evals/score-run.js';

const round3 = (x: number) => Math.round(x * 1000) / 1000;

describe('statistics (METRICS §6)', () => {
  it('Wilson 95% for n = 5 matches the published table', () => {
    const t = (c: number) => {
      const w = wilson(c, 5);
      return [round3(w.lo), round3(w.hi)];
    };
    assert.deepEqual(t(5), [0.566, 1]);
    assert.deepEqual(t(4), [0.376, 0.964]);
    assert.deepEqual(t(3), [0.231, 0.882]);
    assert.deepEqual(t(2), [0.118, 0.769]);
    assert.deepEqual(rate(0, 0), { c: 0, n: 0, rate: null, lo: null, hi: null });
  });

  it('pass^k and pass@k', () => {
    assert.equal(passHatK(5, 5, 5), 1);
    assert.equal(passHatK(4, 5, 5), 0);
    assert.equal(passHatK(4, 5, 2), 0.6); // C(4,2)/C(5,2) = 6/10
    assert.equal(passAtK(1, 5, 2), 0.4); // 1 - C(4,2)/C(5,2) = 1 - 6/10
  });

  it('gates scale to n: hard = all, soft = 4/5', () => {
    assert.deepEqual(
      [5, 4, 3, 10].map((n) => requiredPasses('soft', n)),
      [4, 4, 3, 8],
    );
    assert.deepEqual(
      [5, 4].map((n) => requiredPasses('hard', n)),
      [5, 4],
    );
  });
});

const TOOLS: ToolSpec[] = [
  { name: 'a', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
  { name: 'b', inputSchema: { type: 'object', properties: {} } },
];
const G = parseGolden(
  `- {id: pos, prompt: p, expect_tool: a, expect_args: {q: x}}
- {id: neg, prompt: n, expect_tool: null}
- {id: seq, prompt: s, expect_sequence: [a, b]}
`,
  't.yaml',
);
const c = (tool: string, args: Record<string, unknown>): TraceCall => ({
  turn: 0,
  tool,
  arguments: args,
  handling: 'executed',
  isError: false,
  resultDigest: '',
  resultPreview: '',
  latencyMs: 0,
});
const run = (i: number, calls: TraceCall[], caseIndex: number, error?: string): RunRecord => {
  if (error)
    return { run: i, status: 'error', error, assertions: [], calls: [], turns: [], finalText: '', usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: 0 };
  const assertions = scoreRun(G.cases[caseIndex]!, { calls, finalText: '', tools: TOOLS });
  return {
    run: i,
    status: assertions.every((x) => x.pass) ? 'pass' : 'fail',
    assertions,
    calls,
    turns: [],
    finalText: '',
    usage: { inputTokens: 10, outputTokens: 2 },
    latencyMs: 1,
  };
};

describe('runner rates, pooled over runs (hand-computed)', () => {
  // pos: runs 1-3 right tool+args, run 4 right tool wrong args, run 5 wrong tool (b) -> selection 4/5, args 3/4, 3 passes
  const pos = [
    run(0, [c('a', { q: 'x' })], 0),
    run(1, [c('a', { q: 'x' })], 0),
    run(2, [c('a', { q: 'x' })], 0),
    run(3, [c('a', { q: 'y', z: 1 })], 0),
    run(4, [c('b', {})], 0),
  ];
  // neg: one run calls b, one errors -> n = 4, over-trigger 1/4, hard gate fails
  const neg = [run(0, [], 1), run(1, [c('b', {})], 1), run(2, [], 1), run(3, [], 1), run(4, [], 1, 'HTTP 500')];
  // seq: two errors -> inconclusive; the three completed: a,b / b,a / a,x,b -> 2/3 in order
  const seq = [
    run(0, [c('a', { q: 'x' }), c('b', {})], 2),
    run(1, [c('b', {}), c('a', { q: 'x' })], 2),
    run(2, [c('a', { q: 'x' }), c('a', {}), c('b', {})], 2),
    run(3, [], 2, '429'),
    run(4, [], 2, 'timeout'),
  ];
  const reports = [caseReport(G.cases[0]!, pos), caseReport(G.cases[1]!, neg), caseReport(G.cases[2]!, seq)];

  it('case verdicts', () => {
    assert.deepEqual(
      reports.map((r) => [r.id, r.passes, r.n, r.errors, r.required, r.verdict]),
      [
        ['pos', 3, 5, 0, 4, 'fail'],
        ['neg', 3, 4, 1, 4, 'fail'],
        ['seq', 2, 3, 2, 3, 'inconclusive'],
      ],
    );
    assert.equal(reports[0]!.flaky, true);
    assert.deepEqual(reports[0]!.passRate, { c: 3, n: 5, rate: 0.6, lo: 0.2307, hi: 0.8824 });
  });

  it('model metrics', () => {
    const m = modelMetrics(G.cases, reports, TOOLS);
    assert.deepEqual([m.selectionAccuracy.c, m.selectionAccuracy.n], [4, 5]);
    assert.deepEqual([m.argumentAccuracy.c, m.argumentAccuracy.n], [3, 4]);
    assert.deepEqual([m.overTriggerRate.c, m.overTriggerRate.n], [1, 4]);
    assert.deepEqual([m.sequenceAccuracy.c, m.sequenceAccuracy.n], [2, 3]);
    // calls with parsed args in completed runs: pos 5, neg 1, seq 2+2+3 = 13; hallucinated: the `z` call; missing required q: seq run 2's `a {}`
    assert.deepEqual([m.hallucinatedArgumentRate.c, m.hallucinatedArgumentRate.n], [1, 13]);
    assert.deepEqual([m.missingRequiredRate.c, m.missingRequiredRate.n], [1, 13]);
    assert.deepEqual(m.falseTriggers, { b: { c: 1, n: 4, rate: 0.25, lo: 0.0456, hi: 0.6994 } });
    assert.deepEqual(m.confusion, { a: { a: 4, b: 1 }, NONE: { NONE: 3, b: 1 } });
  });
});
