import assert from 'node:assert/strict';
import type { TargetReport } from '../../src/core/types.js';
import { byStatus, explain, result } from './fixtures.js';

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
    for (const seq of x.evidence ?? []) assert.ok(r.wire.some((e) => e.seq === seq), `${id}: evidence #${seq} is in the wire record`);
    if (o.expected) assert.ok(x.expected, `${id} says what it expected`);
  }
}
