// Re-records the demo cassette (examples/support-desk/golden/cassettes/) from the scripted stand-in model used in
// the tests, through the real OpenAI SDK and the real support-desk server. Run after changing the golden set:
//   npm run build && node dist/scripts/record-demo-cassette.js
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSupportDeskHttp } from '../examples/support-desk/http.js';
import { runEval } from '../src/engine/run-eval.js';
import { loadGolden } from '../src/evals/golden-load.js';
import { priceTable } from '../src/evals/prices.js';
import { createProvider, recording } from '../src/providers/index.js';
import { startMockLlm } from '../test/support/mock-llm.js';
import { deskPolicy } from '../test/evals/desk-policy.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(repo, 'examples/support-desk/golden');
const llm = await startMockLlm(deskPolicy);
const desk = await startSupportDeskHttp({ port: 0 });
try {
  const rec = recording(createProvider('openai:scripted-demo-model', { baseURL: llm.url, env: { OPENAI_API_KEY: 'unused-demo-key' }, maxRetries: 0 }));
  const report = await runEval({
    target: { kind: 'http', url: desk.url },
    golden: await loadGolden(path.join(dir, 'tasks.yaml')),
    models: [{ provider: rec, source: 'live' }],
    runs: 5,
    concurrency: 1,
    allowTools: [],
    timeoutMs: 10_000,
    startupTimeoutMs: 30_000,
    runTimeoutMs: 60_000,
    prices: priceTable(),
  });
  const file = await rec.save(path.join(dir, 'cassettes'));
  const m = report.evals!.models[0]!;
  process.stdout.write(`wrote ${file}: ${m.cases.map((c) => `${c.id} ${c.verdict} ${c.passes}/${c.n}`).join('; ')}\n`);
} finally {
  await llm.close();
  await desk.close();
}
