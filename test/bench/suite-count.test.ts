/**
 * The speed bench divides the suite's time by the checks of one run; a paired bench runs the suite several times into
 * one output directory, so only the newest directory of each scenario may count.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { countSuiteChecks } from '../../bench/speed/suite-count.js';
import { tempDir } from '../support/temp-dir.js';

function run(dir: string, scenario: string, stamp: string, ids: string[] | string): void {
  const at = path.join(dir, `server-${scenario}-${stamp}`);
  mkdirSync(at);
  writeFileSync(path.join(at, 'checks.json'), typeof ids === 'string' ? ids : JSON.stringify(ids.map((id) => ({ id, status: 'SUCCESS' }))));
}

describe('countSuiteChecks', () => {
  it('counts only the newest run of each scenario, and collapses a repeated id within a scenario', () => {
    const dir = tempDir('assay-suite-count-');
    run(dir, 'tools-list', '2026-12-02T18-53-50-525Z', ['a', 'b', 'c']);
    run(dir, 'tools-list', '2026-12-02T18-54-10-001Z', ['a', 'b', 'wire-schema-valid', 'wire-schema-valid']);
    run(dir, 'server-stateless', '2026-12-02T18-53-49-836Z', ['x']);
    run(dir, 'server-stateless', '2026-12-02T18-54-09-100Z', ['x', 'y']);
    run(dir, 'server-stateless', '2026-12-02T18-53-59-000Z', ['x', 'y', 'z', 'w']);
    mkdirSync(path.join(dir, 'not-a-run'));
    assert.deepEqual(countSuiteChecks(dir), { results: 6, collapsed: 5, scenarios: 2 });
  });

  it('skips a newest run whose checks.json is unreadable instead of counting an older one', () => {
    const dir = tempDir('assay-suite-count-');
    run(dir, 'caching', '2026-12-02T18-53-50-525Z', ['a', 'b']);
    run(dir, 'caching', '2026-12-02T18-54-50-525Z', '{ cut short');
    assert.deepEqual(countSuiteChecks(dir), { results: 0, collapsed: 0, scenarios: 1 });
  });
});
