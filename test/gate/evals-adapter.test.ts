import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EvalsShapeError, readEvals } from '../../src/core/evals-adapter.js';
import { report, target } from './fixtures.js';
import type { Report } from '../../src/core/types.js';

/** The `eval` command's report part, trimmed to what the adapter reads (as a report from disk may be). */
const evalsPart = {
  schemaVersion: '1.0',
  golden: { file: 'examples/support-desk/golden/tasks.yaml', hash: 'g1', cases: 2 },
  target: 'desk',
  catalogueHash: 'cat',
  runsPerCase: 5,
  models: [
    {
      model: 'openai:gpt-x',
      params: { temperature: 0 },
      cases: [
        {
          id: 'find-ticket',
          tags: ['critical'],
          runs: 5,
          passes: 3,
          errors: 1,
          n: 4,
          verdict: 'fail',
          costUsd: 0.02,
          trace: [
            { run: 1, status: 'pass', latencyMs: 900, calls: [], assertions: [] },
            {
              run: 2,
              status: 'fail',
              latencyMs: 1200,
              finalText: 'done',
              calls: [{ tool: 'delete_ticket', arguments: { id: 'T-1' }, isError: true, resultPreview: 'nope' }],
              assertions: [{ scorer: 'selection', pass: false, reason: 'called delete_ticket' }],
            },
            { run: 3, status: 'error', latencyMs: 10, calls: [], assertions: [] },
          ],
        },
      ],
    },
  ],
};

describe('evals adapter', () => {
  it('reads the eval command report part: completed runs, latencies of completed runs, failed runs with their calls', () => {
    const r = { ...report([target({ name: 'desk', checks: {} })]), evals: evalsPart } as unknown as Report;
    const v = readEvals(r)!;
    assert.deepEqual(v.goldenSet, { hash: 'g1', name: 'tasks.yaml' });
    assert.deepEqual(v.models, [{ id: 'openai:gpt-x', params: { temperature: 0 } }]);
    const row = v.results[0]!;
    assert.deepEqual(
      [row.caseId, row.model, row.runs, row.passes, row.errors, row.verdict, row.costUsd],
      ['find-ticket', 'openai:gpt-x', 4, 3, 1, 'fail', 0.02],
    );
    assert.deepEqual(row.latenciesMs, [900, 1200]);
    assert.equal(row.caseHash, 'g1#find-ticket', 'a case without a hash of its own stands on the golden-set hash');
    const hashed = structuredClone(evalsPart);
    Object.assign(hashed.models[0]!.cases[0]!, { hash: 'c0ffee' });
    assert.equal(readEvals({ ...r, evals: hashed } as unknown as Report)!.results[0]!.caseHash, 'c0ffee', 'a case with a hash is compared by it');
    assert.deepEqual(row.failedRuns, [
      { run: 2, reason: 'called delete_ticket', calls: [{ tool: 'delete_ticket', args: { id: 'T-1' }, isError: true, result: 'nope' }], answer: 'done' },
    ]);
  });

  it('a malformed part is a shape error naming the field', () => {
    const bad = { ...report([]), evals: { golden: { hash: 'g' }, models: [{ model: 'm', cases: [{ id: 'x', n: -1, passes: 0 }] }] } } as unknown as Report;
    assert.throws(
      () => readEvals(bad),
      (e: unknown) => e instanceof EvalsShapeError && /evals\.models\[0\]\.cases\[0\]\.n must be a whole number/.test(e.message),
    );
  });
});
