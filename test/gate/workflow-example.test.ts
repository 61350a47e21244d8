import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { REPO } from '../support/fixtures.js';

const file = readFileSync(path.join(REPO, 'examples/github-workflow/mcp-assay.yml'), 'utf8');

describe('the example GitHub workflow', () => {
  it('is valid YAML with conformance on push/PR, evals nightly and on a label over shards, merge, gate, cache and artifacts', () => {
    const wf = parse(file) as {
      on: Record<string, unknown>;
      jobs: Record<
        string,
        { if?: string; needs?: string; strategy?: { matrix: { shard: number[] } }; steps: { run?: string; uses?: string; with?: Record<string, string> }[] }
      >;
    };
    assert.ok(wf.on.push && wf.on.pull_request && wf.on.schedule);
    const { conformance, evals, gate } = wf.jobs;
    assert.ok(conformance!.steps.some((s) => s.run?.includes('mcp-assay check') && s.run.includes('--baseline') && s.run.includes('--sarif')));
    assert.match(evals!.if!, /schedule/);
    assert.match(evals!.if!, /run-evals/);
    assert.deepEqual(evals!.strategy!.matrix.shard, [1, 2, 3, 4]);
    assert.ok(evals!.steps.some((s) => s.run?.includes('--shard ${{ matrix.shard }}/4')));
    assert.equal(gate!.needs, 'evals');
    assert.ok(gate!.steps.some((s) => s.run?.startsWith('npx mcp-assay merge shards/*.json')));
    assert.ok(gate!.steps.some((s) => s.run?.includes('mcp-assay gate') && s.run.includes('--html')));
    assert.ok(gate!.steps.some((s) => s.uses?.startsWith('actions/cache') && s.with?.key?.includes("hashFiles('golden/**')")));
    assert.ok(gate!.steps.some((s) => s.uses?.startsWith('actions/upload-artifact')));
    assert.ok(gate!.steps.some((s) => s.run?.includes('gh pr comment')));
  });

  it('the README shows it verbatim', () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    assert.ok(readme.includes('```yaml\n' + file + '```'), 'README copy of the workflow is out of date');
  });
});
