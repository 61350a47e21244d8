/**
 * Refactoring changes no report: the normalized JSON document of every example and fixture server, produced by the
 * CLI, equals its committed golden file (test/fixtures/report-identity). Regenerate only for a deliberate change:
 * `npm run build && node dist/test/identity/write-golden.js`, and review the diff.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GOLDEN_DIR, produceAll, type Produced } from './produce.js';
import { CASES } from './cases.js';

const enabled = process.env.MCP_ASSAY_IDENTITY === '1';

/** Run by `npm run test:identity` (CI runs it as its own step, on an otherwise idle machine: the cases are whole runs). */
describe('report identity', { skip: enabled ? false : 'set MCP_ASSAY_IDENTITY=1 (npm run test:identity)' }, () => {
  let produced: Promise<Produced[]> | undefined;
  const all = () => (produced ??= produceAll());
  for (const c of CASES) {
    it(`${c.name}: the same document and exit code as the golden file`, async () => {
      const got = (await all()).find((p) => p.name === c.name)!;
      const golden = JSON.parse(readFileSync(path.join(GOLDEN_DIR, `${c.name}.json`), 'utf8')) as Produced;
      assert.equal(got.exit, golden.exit, `${c.name}: exit code`);
      assert.deepEqual(got.document, golden.document);
    });
  }
});
