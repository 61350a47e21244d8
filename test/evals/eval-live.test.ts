import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { REPORTERS } from '../../src/reporters/all.js';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { exitCodeFor } from '../../src/core/summary.js';
import type { Report } from '../../src/core/types.js';
import { runEval } from '../../src/engine/run-eval.js';
import { loadGolden } from '../../src/evals/golden-load.js';
import { priceTable } from '../../src/evals/prices.js';
import { createProvider } from '../../src/providers/index.js';
import { startMockLlm, type MockLlm } from '../support/mock-llm.js';
import { REPO } from '../support/fixtures.js';
import { DESK_EXPECTED, deskPolicy } from './desk-policy.js';

const GOLDEN = path.join(REPO, 'examples/support-desk/golden/tasks.yaml');

for (const vendor of ['openai', 'anthropic'] as const) {
  describe(`eval with the real ${vendor} SDK against a mock ${vendor} API and the real support-desk server`, () => {
    let llm: MockLlm;
    let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
    let report: Report;
    before(async () => {
      llm = await startMockLlm(deskPolicy);
      desk = await startSupportDeskHttp({ port: 0 });
      const keyEnv = vendor === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
      const provider = createProvider(`${vendor}:test-model`, { baseURL: llm.url, env: { [keyEnv]: 'sk-test-SECRETSECRET' }, maxRetries: 0, timeoutMs: 5000 });
      report = await runEval({
        target: { kind: 'http', url: desk.url },
        golden: await loadGolden(GOLDEN),
        models: [{ provider, source: 'live' }],
        runs: 5,
        concurrency: 4,
        allowTools: [],
        timeoutMs: 5000,
        startupTimeoutMs: 10_000,
        runTimeoutMs: 30_000,
        prices: priceTable({ [`${vendor}:test-model`]: { inputPerMTok: 1, outputPerMTok: 2 } }),
      });
    });
    after(async () => {
      await llm.close();
      await desk.close();
    });

    it('scores selection, arguments, over-triggering and sequences apart, as computed by hand', () => {
      const m = report.evals!.models[0]!;
      assert.equal(m.model, `${vendor}:test-model`);
      const cn = (r: { c: number; n: number }) => [r.c, r.n];
      assert.deepEqual(cn(m.metrics.selectionAccuracy), DESK_EXPECTED.selection);
      assert.deepEqual(cn(m.metrics.argumentAccuracy), DESK_EXPECTED.args);
      assert.deepEqual(cn(m.metrics.overTriggerRate), DESK_EXPECTED.overTrigger);
      assert.deepEqual(cn(m.metrics.sequenceAccuracy), DESK_EXPECTED.sequence);
      assert.deepEqual(cn(m.metrics.deniedViolationRate), [1, 5]);
      assert.deepEqual(m.metrics.falseTriggers, { search_tickets: { c: 1, n: 20, rate: 0.05, lo: 0.0089, hi: 0.2361 } });
      assert.equal(m.metrics.confusion.get_ticket?.search_tickets, 1);
      assert.deepEqual(Object.fromEntries(m.cases.map((c) => [c.id, [c.verdict, c.passes]])), DESK_EXPECTED.verdicts);
      assert.equal(exitCodeFor(report), 1);
    });

    it('writes are never executed: send_reply is answered from the case mock and marked simulated', () => {
      const calls = report.evals!.models[0]!.cases.flatMap((c) => c.trace.flatMap((r) => r.calls));
      const replies = calls.filter((c) => c.tool === 'send_reply');
      assert.equal(replies.length, 6);
      assert.ok(replies.every((c) => c.handling === 'simulated'));
      const reads = calls.filter((c) => c.tool === 'get_ticket');
      assert.ok(reads.length > 0 && reads.every((c) => c.handling === 'executed' && !c.isError), 'read-only tools run against the real server');
      assert.match(reads[0]!.resultPreview, /T-10/);
    });

    it('runs at temperature 0 with the tools translated to the vendor format, tokens and cost counted', () => {
      const first = llm.requests[0]!.body;
      assert.equal(first.temperature, 0);
      const tools = first.tools as Record<string, unknown>[];
      const names = tools.map((t) => (vendor === 'openai' ? (t.function as { name: string }).name : t.name));
      assert.deepEqual(names.sort(), ['find_customer', 'get_ticket', 'search_tickets', 'send_reply']);
      if (vendor === 'anthropic') assert.ok(tools.every((t) => typeof t.input_schema === 'object'));
      const m = report.evals!.models[0]!;
      assert.equal(m.usage.inputTokens, 100 * llm.requests.length);
      assert.ok(m.costUsd !== undefined && m.costUsd > 0);
      assert.ok(!JSON.stringify(report).includes('SECRETSECRET'), 'the key never reaches the report');
    });

    it('the JSON report, evals part included, validates against docs/report-schema.json', () => {
      const ajv = new Ajv2020({ strict: true, allErrors: true });
      addFormats.default(ajv);
      const validate = ajv.compile(JSON.parse(readFileSync(path.join(REPO, 'docs/report-schema.json'), 'utf8')) as object);
      const data: unknown = JSON.parse(REPORTERS.json.render(report));
      assert.ok(validate(data), JSON.stringify(validate.errors, null, 2));
      (data as { evals: { models: { cases: { verdict: string }[] }[] } }).evals.models[0]!.cases[0]!.verdict = 'passed';
      assert.equal(validate(data), false);
    });
  });
}
