import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TargetReport } from '../../src/core/types.js';
import { byStatus, explain, result } from './fixtures.js';
import { FAULT_FIXTURES, type FixtureName } from './fault-fixtures.js';
import { faultCases, outsideTrips } from './fault-matrix.js';

/** A broken fixture and exactly the checks it must trip: MUST checks fail, SHOULD checks warn. */
export interface FaultCase {
  fault: string;
  fail?: string[];
  warn?: string[];
  transports?: ('http' | 'stdio')[];
}

/** Exactly the named checks fail or warn, each explaining itself with wire evidence from the record; nothing errs. */
export function assertTrips(r: TargetReport, c: FaultCase, o: { expected?: boolean } = {}): void {
  assert.equal(r.outcome, 'completed', explain(r));
  assert.deepEqual(byStatus(r, 'fail'), (c.fail ?? []).slice().sort(), explain(r));
  assert.deepEqual(byStatus(r, 'warn'), (c.warn ?? []).slice().sort(), explain(r));
  assert.deepEqual(byStatus(r, 'error', 'inconclusive'), [], explain(r));
  for (const id of [...(c.fail ?? []), ...(c.warn ?? [])]) {
    const x = result(r, id);
    assert.ok(x.message && x.message.length > 10, `${id} explains itself`);
    assert.ok(x.evidence?.length, `${id} cites wire evidence`);
    for (const seq of x.evidence ?? [])
      assert.ok(
        r.wire.some((e) => e.seq === seq),
        `${id}: evidence #${seq} is in the wire record`,
      );
    if (o.expected) assert.ok(x.expected, `${id} says what it expected`);
  }
}

/**
 * Runs a fixture's derived fault table: each fault trips exactly the checks that declare it (assertTrips), and each
 * trip of a check outside the judged set is seen with its status, message and wire evidence. `shard: [i, n]` runs
 * every n-th run from the i-th (1-based), so a large table spreads over files that run side by side.
 */
export function describeFaults(fixture: FixtureName, o: { concurrency?: number; shard?: [number, number] } = {}): void {
  const fx = FAULT_FIXTURES[fixture];
  const [i, n] = o.shard ?? [1, 1];
  const mine = <T>(xs: T[]) => xs.filter((_, k) => k % n === i - 1);
  const outside = outsideTrips(fx).flatMap((t) => t.transports.map((transport) => ({ ...t, transport })));
  describe(`${fixture}: each fault trips exactly the checks that declare it${n > 1 ? ` (part ${i} of ${n})` : ''}`, { concurrency: o.concurrency ?? 2 }, () => {
    for (const c of mine(faultCases(fx)))
      it(`${c.fault} over ${c.transport}`, async () => {
        const r = await fx.assay([c.fault], c.transport, fx.judged);
        assertTrips(r, c, { expected: fx.saysExpected });
      });
    for (const t of mine(outside))
      it(`${t.fault} over ${t.transport} also trips ${t.check.id}`, async () => {
        const r = await fx.assay([t.fault], t.transport, [...fx.judged, t.check]);
        const x = result(r, t.check.id);
        assert.equal(x.status, t.status, explain(r));
        assert.ok(x.message && x.message.length > 10, `${t.check.id} explains itself`);
        assert.ok(x.evidence?.length && x.evidence.every((seq) => r.wire.some((e) => e.seq === seq)), `${t.check.id} cites wire evidence from the record`);
      });
  });
}
