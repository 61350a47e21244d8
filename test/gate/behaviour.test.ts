import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baselineFromReport, GateInputError, runGate } from '../../src/gate/index.js';
import { evals, pooledRows, report, row, target, type CaseRow, type EvalsExtra } from './fixtures.js';

const FILES = { report: 'new.json', baseline: 'green.json' };
const T = () => [target({ name: 'desk', checks: { 'a/one': 'pass' } })];
const gate = (base: CaseRow[], now: CaseRow[], o = {}, nowExtra: EvalsExtra & { harnessVersion?: string } = {}) =>
  runGate(report(T(), evals(now, nowExtra), nowExtra.harnessVersion), baselineFromReport(report(T(), evals(base))), FILES, o);

describe('gate: behaviour (METRICS §7)', () => {
  it('95/100 -> 85/100 pooled is a regression and fails', () => {
    const r = gate(pooledRows('m:a', 95, 100), pooledRows('m:a', 85, 100));
    const p = r.pooled.find((x) => x.model === 'm:a' && !x.tag)!;
    assert.deepEqual([p.base, p.now, p.verdict], [{ passes: 95, runs: 100 }, { passes: 85, runs: 100 }, 'regression']);
    assert.equal(r.exitCode, 1);
  });

  it('45/50 -> 40/50 pooled is no_regression (not detectable), and the gate passes', () => {
    const r = gate(pooledRows('m:a', 45, 50), pooledRows('m:a', 40, 50));
    assert.equal(r.pooled[0]!.verdict, 'no_regression');
    // One case went 5/5 -> 0/5: the hard rule warns but the case is not critical.
    assert.equal(r.cases.length, 1);
    assert.equal(r.exitCode, 0);
  });

  it('15 pooled runs: insufficient_data, not a verdict', () => {
    const r = gate(pooledRows('m:a', 15, 15), pooledRows('m:a', 0, 15));
    assert.equal(r.pooled[0]!.verdict, 'insufficient_data');
    assert.equal(r.exitCode, 0);
    // --min-runs lowers the bar: then it is a regression.
    assert.equal(gate(pooledRows('m:a', 15, 15), pooledRows('m:a', 0, 15), { minRuns: 10 }).pooled[0]!.verdict, 'regression');
  });

  it('per tag: a regression inside one tag is found while the model as a whole is within δ… and fails', () => {
    const base = [...pooledRows('m:a', 100, 100, ['search']), ...pooledRows('m:a', 1000, 1000).map((r) => ({ ...r, caseId: `z-${r.caseId}` }))];
    const now = [...pooledRows('m:a', 80, 100, ['search']), ...pooledRows('m:a', 1000, 1000).map((r) => ({ ...r, caseId: `z-${r.caseId}` }))];
    const r = gate(base, now);
    const all = r.pooled.find((p) => !p.tag)!;
    const search = r.pooled.find((p) => p.tag === 'search')!;
    // Model: 1100/1100 -> 1080/1100, Δ = -0.018 > -0.02: no regression; tag: 100/100 -> 80/100.
    assert.equal(all.verdict, 'no_regression');
    assert.equal(search.verdict, 'regression');
    assert.equal(r.exitCode, 1);
  });

  it('case hard rule: 4/5 -> 2/5 is case_regressed (warning), failing only when tagged critical', () => {
    const plain = gate([row('c1', 'm:a', 4, 5)], [row('c1', 'm:a', 2, 5)]);
    assert.deepEqual(
      plain.cases.map((c) => [c.caseId, c.critical]),
      [['c1', false]],
    );
    assert.equal(plain.exitCode, 0);
    const critical = gate([row('c1', 'm:a', 4, 5, { tags: ['critical'] })], [row('c1', 'm:a', 2, 5, { tags: ['critical'] })]);
    assert.equal(critical.exitCode, 1);
    assert.match(critical.reasons[0]!, /critical case c1 went 4\/5 → 2\/5/);
  });

  it('case hard rule does not trip on 4/5 -> 3/5, 3/5 -> 0/5, or fewer than 5 runs', () => {
    assert.equal(gate([row('c1', 'm:a', 4, 5)], [row('c1', 'm:a', 3, 5)]).cases.length, 0);
    assert.equal(gate([row('c1', 'm:a', 3, 5)], [row('c1', 'm:a', 0, 5)]).cases.length, 0);
    assert.equal(gate([row('c1', 'm:a', 4, 4)], [row('c1', 'm:a', 0, 4)]).cases.length, 0);
  });

  it('only comparable runs are compared: changed model params, a changed case, a new case and a new model are listed', () => {
    const base = [...pooledRows('m:a', 100, 100), ...pooledRows('m:b', 100, 100)];
    const now = [...pooledRows('m:a', 0, 100), ...pooledRows('m:b', 0, 100), ...pooledRows('m:c', 0, 25)];
    now[0] = { ...now[0]!, caseHash: 'changed' };
    now.push(row('brand-new', 'm:a', 0, 5));
    const e = evals(now, { params: { 'm:b': { temperature: 0.7 } } });
    const r = runGate(report(T(), e), baselineFromReport(report(T(), evals(base))), FILES);
    const nc = r.notComparable.map((n) => n.subject).sort();
    assert.deepEqual(nc, ['case brand-new', 'case case-000', 'model m:b', 'model m:c']);
    // m:a is compared over the 19 unchanged cases only: 95/95 -> 0/95.
    assert.deepEqual(
      r.pooled.map((p) => [p.model, p.base.runs, p.now.runs]),
      [['m:a', 95, 95]],
    );
    assert.equal(r.exitCode, 1);
  });

  it('a changed catalogue or harness major makes behaviour not comparable (listed, not gated)', () => {
    const cat = gate(pooledRows('m:a', 100, 100), pooledRows('m:a', 0, 100), {}, { catalogueHash: 'cat-2' });
    assert.equal(cat.pooled.length, 0);
    assert.match(cat.notComparable.find((n) => n.subject === 'behaviour')!.reason, /catalogue changed/);
    assert.equal(cat.exitCode, 0);
    const major = gate(pooledRows('m:a', 100, 100), pooledRows('m:a', 0, 100), {}, { harnessVersion: '1.0.0' });
    assert.match(major.notComparable.find((n) => n.subject === 'behaviour')!.reason, /harness major version changed \(0 -> 1\)/);
  });

  it('a baseline of another golden set is an input error naming the baseline', () => {
    assert.throws(
      () => gate(pooledRows('m:a', 100, 100), pooledRows('m:a', 100, 100), {}, { goldenSet: { name: 'other', hash: 'g' } }),
      (e: unknown) => e instanceof GateInputError && /green\.json: .*golden set "desk\.yaml", the report of "other\.yaml"/.test(e.message),
    );
    const disjoint = pooledRows('m:a', 100, 100).map((r) => ({ ...r, caseId: `x-${r.caseId}` }));
    assert.throws(() => gate(pooledRows('m:a', 100, 100), disjoint, {}, { goldenSet: { hash: 'g2' } }), /shares no case/);
  });

  it('an inconclusive case (infra errors) makes an otherwise green gate exit 3', () => {
    const r = gate([row('c1', 'm:a', 5, 5)], [row('c1', 'm:a', 3, 3, { errors: 2, verdict: 'inconclusive' })]);
    assert.equal(r.exitCode, 3);
  });
});

describe('gate: telemetry budgets', () => {
  const lat = (ms: number) => pooledRows('m:a', 100, 100).map((r) => ({ ...r, latenciesMs: Array.from({ length: 5 }, () => ms), costUsd: 0.05 }));
  it('p95 up by more than 250 ms and 20% fails; up by more than 250 ms but under 20% passes', () => {
    const over = gate(lat(1000), lat(1300));
    assert.equal(over.telemetry.find((t) => t.metric === 'latency_p95_ms')!.verdict, 'over_budget');
    assert.equal(over.exitCode, 1);
    const under = gate(lat(2000), lat(2300));
    assert.equal(under.telemetry.find((t) => t.metric === 'latency_p95_ms')!.verdict, 'within_budget');
    assert.equal(under.exitCode, 0);
  });

  it('fewer than 20 samples on a side: insufficient_data', () => {
    const few = (ms: number) => [row('c1', 'm:a', 5, 5, { latenciesMs: [ms, ms, ms, ms, ms] })];
    assert.equal(gate(few(100), few(5000)).telemetry[0]!.verdict, 'insufficient_data');
  });

  it('cost per successful task up 30% fails, up 20% passes', () => {
    const cost = (usd: number, passes: number) => pooledRows('m:a', passes, 100).map((r) => ({ ...r, costUsd: usd }));
    // base: 20 cases x $0.05 = $1.00 over 100 successes = $0.010; now $1.30 / 100 = $0.013 (+30%).
    assert.equal(gate(cost(0.05, 100), cost(0.065, 100)).telemetry.find((t) => t.metric === 'cost_per_success_usd')!.verdict, 'over_budget');
    // now $1.20 / 100 = +20%.
    assert.equal(gate(cost(0.05, 100), cost(0.06, 100)).telemetry.find((t) => t.metric === 'cost_per_success_usd')!.verdict, 'within_budget');
    // Same spend but 80 successes: $1.00 / 80 = $0.0125, +25% exactly: within.
    assert.equal(gate(cost(0.05, 100), cost(0.05, 80)).telemetry.find((t) => t.metric === 'cost_per_success_usd')!.verdict, 'within_budget');
  });
});
