import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { scaleTools } from '../../bench/scale/tools.js';
import { buildCatalogue, type CatalogueTool } from '../../src/contracts/catalogue/catalogue.js';
import { CONFUSABLE_PAIR_CAP, confusableFindings, scanConfusable } from '../../src/contracts/lint/confusable.js';

const tools = (list: unknown[]): CatalogueTool[] => buildCatalogue({ tools: list }).tools;
const fixtures = join(process.cwd(), 'test/fixtures/catalogues');

describe('confusable scan at scale', () => {
  it('the indexed scan finds exactly the pairs of the all-pairs scan, at every threshold', () => {
    const catalogues: CatalogueTool[][] = [tools(scaleTools(400)), tools(scaleTools(80, { names: 'similar' }))];
    for (const f of readdirSync(fixtures).filter((x) => x.endsWith('.json')))
      catalogues.push(buildCatalogue(JSON.parse(readFileSync(join(fixtures, f), 'utf8')) as { tools: unknown[] }).tools);
    let found = 0;
    for (const c of catalogues)
      for (const threshold of [0.6, 0.75, 0.9]) {
        const fast = scanConfusable(c, threshold, Infinity);
        assert.deepEqual(fast, scanConfusable(c, threshold, Infinity, true));
        found += fast.total;
      }
    assert.ok(found > 1000, `the comparison saw pairs (${found})`);
  });

  it('a near-identical catalogue lists the first pairs and states how many there are, without overflowing', () => {
    const n = 2000;
    const findings = confusableFindings(tools(scaleTools(n, { names: 'similar' })), 0.75);
    assert.equal(findings.length, CONFUSABLE_PAIR_CAP + 1);
    const total = (n * (n - 1)) / 2;
    const summary = findings.at(-1);
    assert.equal(summary?.subject, 'server');
    assert.match(summary?.message ?? '', new RegExp(`^${total.toLocaleString('en')} confusable pairs in all; the first ${CONFUSABLE_PAIR_CAP} `));
    assert.deepEqual(findings[0]?.names, ['get_record_00000', 'get_record_00001']);
  });
});
