import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHECKS } from '../../src/checks/index.js';
import { FAULT_FIXTURES } from '../support/fault-fixtures.js';
import { faultCases, TRIPS } from '../support/fault-matrix.js';

/** Checks no fixture fault trips yet: each is a gap in the proof that the check can fail, kept visible here. */
const UNTRIPPED: string[] = [];

describe('the fault matrix derived from the catalogue (trippedBy)', () => {
  it('every declared fault is a fault switch of its fixture, not a hostile one, declared once per check', () => {
    for (const t of TRIPS) {
      const fx = FAULT_FIXTURES[t.fixture];
      assert.ok(Object.hasOwn(fx.faults, t.fault), `${t.check.id}: ${t.fixture} has no fault ${t.fault}`);
      assert.ok(!fx.hostile.includes(t.fault), `${t.check.id}: ${t.fault} proves bounded waits, not a requirement`);
      assert.ok(
        t.transports.length && t.transports.every((x) => t.check.transports.includes(x) && fx.transports.includes(x)),
        `${t.check.id}: ${t.fault} over ${t.transports.join(', ')}`,
      );
    }
    const keys = TRIPS.map((t) => `${t.check.id} ${t.fixture}:${t.fault}`);
    assert.deepEqual(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      [],
    );
  });

  it('every fault of every fixture trips some check', () => {
    for (const fx of Object.values(FAULT_FIXTURES)) {
      const declared = new Set(TRIPS.filter((t) => t.fixture === fx.name).map((t) => t.fault));
      assert.deepEqual(
        Object.keys(fx.faults).filter((f) => !fx.hostile.includes(f) && !declared.has(f)),
        [],
        `${fx.name} faults no check declares`,
      );
    }
  });

  it('lists the checks no fault trips (none today)', () => {
    assert.deepEqual(
      CHECKS.filter((c) => !c.trippedBy?.length).map((c) => c.id),
      UNTRIPPED,
    );
  });

  it('derives one case per fault and transport, each naming the checks the fixture judges', () => {
    for (const fx of Object.values(FAULT_FIXTURES)) {
      const cases = faultCases(fx);
      assert.ok(cases.length > 0, fx.name);
      const judged = new Set(fx.judged.map((c) => c.id));
      for (const c of cases) for (const id of [...(c.fail ?? []), ...(c.warn ?? [])]) assert.ok(judged.has(id), `${fx.name}:${c.fault} names ${id}`);
    }
  });
});
