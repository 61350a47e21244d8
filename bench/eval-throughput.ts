/**
 * Eval harness speed: a mock provider that answers every call in 200 ms, 25 cases x 5 runs at concurrency C.
 * Budget (issue 10): wall time <= 1.15 x ideal (model calls / C x 200 ms) and harness time per model call < 5 ms.
 * `--server memory` (default) answers tool calls in memory, so the figures are the harness's own; `--server http`
 * runs the real support-desk server over HTTP and also reports its time. Prints medians of several repeats.
 *   node dist/bench/eval-throughput.js [--concurrency 8] [--repeats 3] [--server memory|http]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startSupportDeskHttp } from '../examples/support-desk/http.js';
import type { ModelProvider } from '../src/core/provider.js';
import { runEval } from '../src/engine/run-eval.js';
import { evalModel } from '../src/evals/runner.js';
import type { ModelEvalReport } from '../src/core/evals-report.js';
import { parseGolden } from '../src/evals/golden-load.js';
import { priceTable } from '../src/evals/prices.js';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const C = arg('concurrency', 8);
const REPEATS = arg('repeats', 3);
const LATENCY = 200;

const cases = [
  ...Array.from({ length: 20 }, (_, i) => `- {id: read-${i}, prompt: "Show ticket T-100${(i % 4) + 1} please (${i})", expect_tool: get_ticket}`),
  ...Array.from({ length: 5 }, (_, i) => `- {id: chat-${i}, prompt: "Thanks (${i})", expect_tool: null}`),
].join('\n');
const golden = parseGolden(cases, 'bench.yaml');

/** Answers in exactly LATENCY ms: a tool call on the first turn of a positive case, then text. */
function provider(): ModelProvider & { calls: number } {
  const p = {
    id: 'bench:mock',
    params: {},
    calls: 0,
    async complete(req: Parameters<ModelProvider['complete']>[0]) {
      p.calls++;
      await sleep(LATENCY);
      const id = /T-\d+/.exec(String(req.messages[0] && 'content' in req.messages[0] ? req.messages[0].content : ''))?.[0];
      const first = req.messages.length === 1;
      const toolCalls = first && id ? [{ id: `c${p.calls}`, name: 'get_ticket', arguments: { id }, rawArguments: JSON.stringify({ id }) }] : [];
      return { toolCalls, text: toolCalls.length ? '' : 'ok', usage: { inputTokens: 10, outputTokens: 2 }, latencyMs: LATENCY };
    },
  };
  return p;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const MODE = process.argv.includes('http') ? 'http' : 'memory';
const TOOLS = [
  { name: 'get_ticket', description: 'Fetch one ticket by id.', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
];

/** The harness without a server: the same runner, loop, scorers and aggregation, tool results from memory. */
async function inMemory(p: ModelProvider): Promise<ModelEvalReport> {
  return evalModel(p, {
    golden,
    tools: TOOLS,
    simulate: new Set(),
    executor: { call: (_n, args) => Promise.resolve({ text: JSON.stringify({ id: args.id, subject: 'x', status: 'open' }), isError: false, latencyMs: 0 }) },
    runs: 5,
    concurrency: C,
    system: 'bench',
    systemHash: 'bench',
    toolsHash: 'bench',
    serverBuild: 'bench',
    harnessVersion: '0',
    prices: priceTable(),
    source: 'live',
    runTimeoutMs: 60_000,
  });
}
const desk = await startSupportDeskHttp({ port: 0 });
const ratios: number[] = [];
const perCall: number[] = [];
try {
  for (let r = 0; r < REPEATS; r++) {
    const p = provider();
    const t0 = performance.now();
    const model =
      MODE === 'memory'
        ? await inMemory(p)
        : (
            await runEval({
              target: { kind: 'http', url: desk.url },
              golden,
              models: [{ provider: p, source: 'live' }],
              runs: 5,
              concurrency: C,
              allowTools: [],
              timeoutMs: 10_000,
              startupTimeoutMs: 30_000,
              runTimeoutMs: 60_000,
              prices: priceTable(),
            })
          ).evals!.models[0]!;
    const wall = performance.now() - t0;
    const ideal = (p.calls / C) * LATENCY;
    const runs = model.cases.flatMap((c) => c.trace);
    // Harness time inside runs: run latency minus the model's and the server's own time, per model call.
    const toolMs = runs.reduce((s, x) => s + x.calls.reduce((a, c) => a + c.latencyMs, 0), 0) / p.calls;
    const harness = runs.reduce((s, x) => s + x.latencyMs - x.turns.length * LATENCY, 0) / p.calls - toolMs;
    if (MODE === 'http') process.stdout.write(`  server time (tool calls over HTTP): ${toolMs.toFixed(2)} ms per model call\n`);
    ratios.push(wall / ideal);
    perCall.push(harness);
    process.stdout.write(
      `repeat ${r + 1}: ${p.calls} model calls, wall ${wall.toFixed(0)} ms, ideal ${ideal.toFixed(0)} ms, ratio ${(wall / ideal).toFixed(3)}, harness ${harness.toFixed(2)} ms/call\n`,
    );
  }
} finally {
  await desk.close();
}
const ratio = median(ratios);
const harness = median(perCall);
process.stdout.write(
  `${MODE} server, concurrency ${C}, median over ${REPEATS}: wall/ideal ${ratio.toFixed(3)} (budget 1.15), harness ${harness.toFixed(2)} ms per model call (budget 5)\n`,
);
process.exitCode = ratio <= 1.15 && harness < 5 ? 0 : 1;
