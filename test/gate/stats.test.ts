import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newcombe, percentile, wilson } from '../../src/core/regression-stats.js';
import { verdictFor } from '../../src/gate/index.js';

const near = (a: number, b: number, eps = 0.0005) => assert.ok(Math.abs(a - b) < eps, `${a} is not ${b}`);
const O = { maxDrop: 0.02, minRuns: 20 };

describe('statistics of METRICS §6-§8', () => {
  it('Wilson 95% for n = 5 matches the published table', () => {
    near(wilson(5, 5).low, 0.566);
    near(wilson(5, 5).high, 1);
    near(wilson(4, 5).low, 0.376);
    near(wilson(4, 5).high, 0.964);
    near(wilson(3, 5).low, 0.231);
    near(wilson(3, 5).high, 0.882);
    near(wilson(2, 5).low, 0.118);
    near(wilson(2, 5).high, 0.769);
    assert.deepEqual(wilson(0, 0), { low: 0, high: 1 });
  });

  it('power case: 45/50 -> 40/50 is not detectable (upper +0.043)', () => {
    const d = newcombe(40, 50, 45, 50);
    near(d.delta, -0.1, 1e-12);
    near(d.high, 0.043, 0.001);
    assert.equal(verdictFor({ passes: 45, runs: 50 }, { passes: 40, runs: 50 }, O).verdict, 'no_regression');
  });

  it('power case: 95/100 -> 85/100 is a regression (upper -0.016)', () => {
    const d = newcombe(85, 100, 95, 100);
    near(d.high, -0.016, 0.001);
    assert.ok(d.low < d.delta && d.delta < d.high);
    assert.equal(verdictFor({ passes: 95, runs: 100 }, { passes: 85, runs: 100 }, O).verdict, 'regression');
  });

  it('fewer than n_min pooled runs on either side is insufficient_data, whatever the drop', () => {
    assert.equal(verdictFor({ passes: 19, runs: 19 }, { passes: 0, runs: 100 }, O).verdict, 'insufficient_data');
    assert.equal(verdictFor({ passes: 100, runs: 100 }, { passes: 0, runs: 19 }, O).verdict, 'insufficient_data');
    assert.equal(verdictFor({ passes: 20, runs: 20 }, { passes: 0, runs: 20 }, O).verdict, 'regression');
  });

  it('a significant drop smaller than --max-drop is no_regression; a smaller δ makes it one', () => {
    // 9900/10000 -> 9850/10000: Δ = -0.005, interval entirely below 0.
    const d = newcombe(9850, 10000, 9900, 10000);
    assert.ok(d.high < 0);
    assert.equal(verdictFor({ passes: 9900, runs: 10000 }, { passes: 9850, runs: 10000 }, O).verdict, 'no_regression');
    assert.equal(verdictFor({ passes: 9900, runs: 10000 }, { passes: 9850, runs: 10000 }, { ...O, maxDrop: 0.001 }).verdict, 'regression');
  });

  it('a drop of exactly δ counts (no floating-point escape)', () => {
    // 5000/5000 -> 4900/5000 is Δ = -0.02 exactly in decimal, -0.020000000000000018 in binary.
    assert.equal(verdictFor({ passes: 5000, runs: 5000 }, { passes: 4900, runs: 5000 }, O).verdict, 'regression');
  });

  it('type-7 percentile', () => {
    assert.equal(percentile([], 0.95), undefined);
    assert.equal(percentile([7], 0.95), 7);
    // h = 19 * 0.95 = 18.05 over 1..20: 19 + 0.05 * (20 - 19)
    near(
      percentile(
        Array.from({ length: 20 }, (_, i) => 20 - i),
        0.95,
      )!,
      19.05,
      1e-9,
    );
  });
});
