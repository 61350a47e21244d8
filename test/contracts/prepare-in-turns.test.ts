/**
 * The catalogue half of the contracts analysis, when it runs while requests are still in flight (the listen windows),
 * gives way to the event loop between its families: the same result as in one go, with no stretch that holds the
 * loop for the whole analysis (about 100 ms at 100 tools when it ran in one go).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scaleTools } from '../../bench/scale/tools.js';
import { buildCatalogue, prepareAnalysis, prepareAnalysisInTurns } from '../../src/contracts/index.js';

const catalogue = buildCatalogue({ tools: scaleTools(100) });
const similar = buildCatalogue({ tools: scaleTools(60, { names: 'similar' }) });

describe('prepareAnalysisInTurns', () => {
  it('gives what prepareAnalysis gives, finding for finding', async () => {
    for (const c of [catalogue, similar]) {
      const inTurns = await prepareAnalysisInTurns(c);
      assert.deepEqual(inTurns, prepareAnalysis(c));
      assert.ok(
        Object.values(inTurns.families).some((f) => Array.isArray(f) && f.length > 0),
        'some family found something',
      );
    }
    assert.ok(Array.isArray(prepareAnalysis(similar).families.confusable) && (prepareAnalysis(similar).families.confusable as unknown[]).length > 0);
  });

  it('lets the event loop turn between its families', async () => {
    let turns = 0;
    let counting = true;
    const tick = (): void => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    await prepareAnalysisInTurns(catalogue);
    counting = false;
    // One turn per family boundary at least: typed view, confusable names, risk, contracts, sizes, lint, poisoning.
    assert.ok(turns >= 5, `the loop turned ${turns} time(s) while the analysis ran`);
  });
});
