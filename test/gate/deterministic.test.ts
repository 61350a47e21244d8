import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Finding, Status } from '../../src/core/types.js';
import { baselineFromReport, runGate, type Baseline } from '../../src/gate/index.js';
import { report, target } from './fixtures.js';

const FILES = { report: 'new.json', baseline: 'green.json' };
const RULES = ['risk/x', 'poisoning/hidden-instructions'];
/** The green run the baseline is made from: one accepted failure, one warning, one accepted contracts finding. */
const GREEN_CHECKS: Record<string, Status> = { 'a/one': 'pass', 'a/two': 'pass', 'a/known': 'fail', 'a/warned': 'warn' };
const GREEN_FINDINGS: Partial<Finding>[] = [{ ruleId: 'risk/x', subject: 'delete_all' }];

/** The green run with some checks changed (`null`: the check is gone) and, if given, other contracts findings. */
function desk(changes: Record<string, Status | null> = {}, findings = GREEN_FINDINGS) {
  const checks = Object.fromEntries(Object.entries({ ...GREEN_CHECKS, ...changes }).filter((e): e is [string, Status] => e[1] !== null));
  return report([target({ name: 'desk', checks, findings })]);
}

function green(): Baseline {
  return baselineFromReport(desk(), { contractRules: RULES });
}

function gateDesk(changes: Record<string, Status | null> = {}, findings?: Partial<Finding>[]) {
  return runGate(desk(changes, findings), green(), FILES);
}

describe('gate: conformance and contracts against the baseline', () => {
  it('the baseline lists each failure as an accepted entry with a reason', () => {
    const b = green();
    assert.deepEqual(
      b.targets[0]!.accepted.map((a) => a.id),
      ['a/known', 'contracts:risk/x@delete_all'],
    );
    assert.ok(b.targets[0]!.accepted.every((a) => a.expect === 'fail' && a.reason.length > 0));
  });

  it('the same run gates green: exit 0, everything unchanged', () => {
    const r = gateDesk();
    assert.equal(r.exitCode, 0);
    assert.equal(r.passed, true);
    assert.deepEqual(r.deterministic, []);
    assert.equal(r.unchanged, 5);
  });

  it('a pass -> fail flip fails the gate', () => {
    const r = gateDesk({ 'a/one': 'fail' });
    assert.equal(r.exitCode, 1);
    assert.deepEqual(
      r.deterministic.map((d) => [d.id, d.kind, d.from, d.to]),
      [['a/one', 'regressed', 'pass', 'fail']],
    );
    assert.match(r.reasons[0]!, /a\/one went pass → fail/);
  });

  it('an accepted failure that passes now is a stale entry and fails the gate', () => {
    const r = gateDesk({ 'a/known': 'pass' });
    assert.equal(r.exitCode, 1);
    assert.deepEqual(
      r.deterministic.map((d) => [d.id, d.kind]),
      [['a/known', 'stale']],
    );
    assert.match(r.reasons[0]!, /stale baseline entry/);
  });

  it('a new check is reported, not failed, even when it fails; a check that went away is reported', () => {
    const r = gateDesk({ 'a/two': null, 'b/new': 'fail', 'b/new-pass': 'pass' });
    assert.equal(r.exitCode, 0);
    assert.deepEqual(r.deterministic.map((d) => [d.id, d.kind]).sort(), [
      ['a/two', 'gone'],
      ['b/new', 'new'],
      ['b/new-pass', 'new'],
    ]);
  });

  it('pass -> inconclusive makes the gate inconclusive (exit 3), not green', () => {
    const r = gateDesk({ 'a/one': 'inconclusive' });
    assert.equal(r.exitCode, 3);
    assert.equal(r.passed, false);
  });

  it('contracts: a new error finding of a known rule fails; of a rule the baseline did not know, it is new; an accepted finding gone is stale', () => {
    const r = gateDesk({}, [
      { ruleId: 'risk/x', subject: 'drop_db' },
      { ruleId: 'lint/brand-new', subject: 'x' },
    ]);
    assert.equal(r.exitCode, 1);
    assert.deepEqual(r.deterministic.map((d) => [d.id, d.kind]).sort(), [
      ['contracts:lint/brand-new@x', 'new'],
      ['contracts:risk/x@delete_all', 'stale'],
      ['contracts:risk/x@drop_db', 'regressed'],
    ]);
  });

  it('waived findings and warnings never count as failures', () => {
    const r = gateDesk({}, [
      { ruleId: 'risk/x', subject: 'delete_all' },
      { ruleId: 'risk/x', subject: 'w', waived: 'ok' },
      { ruleId: 'risk/x', subject: 'v', severity: 'warning' },
    ]);
    assert.equal(r.exitCode, 0);
  });

  it('a new target and a missing target are listed as not comparable; another harness major compares nothing', () => {
    const r = runGate(report([target({ name: 'other', checks: { 'a/one': 'fail' } })]), green(), FILES);
    assert.equal(r.exitCode, 0);
    assert.deepEqual(r.notComparable.map((n) => n.subject).sort(), ['target desk', 'target other']);
    const m = runGate(report([target({ name: 'desk', checks: { 'a/one': 'fail' } })], undefined, '1.0.0'), green(), FILES);
    assert.equal(m.exitCode, 0);
    assert.match(m.notComparable[0]!.reason, /another major version/);
  });
});
