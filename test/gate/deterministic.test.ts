import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baselineFromReport, runGate, type Baseline } from '../../src/gate/index.js';
import { report, target } from './fixtures.js';

const FILES = { report: 'new.json', baseline: 'green.json' };
const RULES = ['risk/x', 'poisoning/hidden-instructions'];

function green(): Baseline {
  const b = baselineFromReport(
    report([
      target({
        name: 'desk',
        checks: { 'a/one': 'pass', 'a/two': 'pass', 'a/known': 'fail', 'a/warned': 'warn' },
        findings: [{ ruleId: 'risk/x', subject: 'delete_all' }],
      }),
    ]),
    { contractRules: RULES },
  );
  return b;
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
    const r = runGate(
      report([
        target({
          name: 'desk',
          checks: { 'a/one': 'pass', 'a/two': 'pass', 'a/known': 'fail', 'a/warned': 'warn' },
          findings: [{ ruleId: 'risk/x', subject: 'delete_all' }],
        }),
      ]),
      green(),
      FILES,
    );
    assert.equal(r.exitCode, 0);
    assert.equal(r.passed, true);
    assert.deepEqual(r.deterministic, []);
    assert.equal(r.unchanged, 5);
  });

  it('a pass -> fail flip fails the gate', () => {
    const r = runGate(
      report([
        target({
          name: 'desk',
          checks: { 'a/one': 'fail', 'a/two': 'pass', 'a/known': 'fail', 'a/warned': 'warn' },
          findings: [{ ruleId: 'risk/x', subject: 'delete_all' }],
        }),
      ]),
      green(),
      FILES,
    );
    assert.equal(r.exitCode, 1);
    assert.deepEqual(
      r.deterministic.map((d) => [d.id, d.kind, d.from, d.to]),
      [['a/one', 'regressed', 'pass', 'fail']],
    );
    assert.match(r.reasons[0]!, /a\/one went pass → fail/);
  });

  it('an accepted failure that passes now is a stale entry and fails the gate', () => {
    const r = runGate(
      report([
        target({
          name: 'desk',
          checks: { 'a/one': 'pass', 'a/two': 'pass', 'a/known': 'pass', 'a/warned': 'warn' },
          findings: [{ ruleId: 'risk/x', subject: 'delete_all' }],
        }),
      ]),
      green(),
      FILES,
    );
    assert.equal(r.exitCode, 1);
    assert.deepEqual(
      r.deterministic.map((d) => [d.id, d.kind]),
      [['a/known', 'stale']],
    );
    assert.match(r.reasons[0]!, /stale baseline entry/);
  });

  it('a new check is reported, not failed, even when it fails; a check that went away is reported', () => {
    const r = runGate(
      report([
        target({
          name: 'desk',
          checks: { 'a/one': 'pass', 'a/known': 'fail', 'a/warned': 'warn', 'b/new': 'fail', 'b/new-pass': 'pass' },
          findings: [{ ruleId: 'risk/x', subject: 'delete_all' }],
        }),
      ]),
      green(),
      FILES,
    );
    assert.equal(r.exitCode, 0);
    assert.deepEqual(r.deterministic.map((d) => [d.id, d.kind]).sort(), [
      ['a/two', 'gone'],
      ['b/new', 'new'],
      ['b/new-pass', 'new'],
    ]);
  });

  it('pass -> inconclusive makes the gate inconclusive (exit 3), not green', () => {
    const r = runGate(
      report([
        target({
          name: 'desk',
          checks: { 'a/one': 'inconclusive', 'a/two': 'pass', 'a/known': 'fail', 'a/warned': 'warn' },
          findings: [{ ruleId: 'risk/x', subject: 'delete_all' }],
        }),
      ]),
      green(),
      FILES,
    );
    assert.equal(r.exitCode, 3);
    assert.equal(r.passed, false);
  });

  it('contracts: a new error finding of a known rule fails; of a rule the baseline did not know, it is new; an accepted finding gone is stale', () => {
    const r = runGate(
      report([
        target({
          name: 'desk',
          checks: { 'a/one': 'pass', 'a/two': 'pass', 'a/known': 'fail', 'a/warned': 'warn' },
          findings: [
            { ruleId: 'risk/x', subject: 'drop_db' },
            { ruleId: 'lint/brand-new', subject: 'x' },
          ],
        }),
      ]),
      green(),
      FILES,
    );
    assert.equal(r.exitCode, 1);
    assert.deepEqual(r.deterministic.map((d) => [d.id, d.kind]).sort(), [
      ['contracts:lint/brand-new@x', 'new'],
      ['contracts:risk/x@delete_all', 'stale'],
      ['contracts:risk/x@drop_db', 'regressed'],
    ]);
  });

  it('waived findings and warnings never count as failures', () => {
    const r = runGate(
      report([
        target({
          name: 'desk',
          checks: { 'a/one': 'pass', 'a/two': 'pass', 'a/known': 'fail', 'a/warned': 'warn' },
          findings: [
            { ruleId: 'risk/x', subject: 'delete_all' },
            { ruleId: 'risk/x', subject: 'w', waived: 'ok' },
            { ruleId: 'risk/x', subject: 'v', severity: 'warning' },
          ],
        }),
      ]),
      green(),
      FILES,
    );
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
