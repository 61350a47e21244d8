import { CHECKS, type CheckDefinition, type FaultTrip } from '../../src/checks/index.js';
import type { TransportKind } from '../../src/core/types.js';
import type { FaultCase } from './fault-cases.js';
import { FAULT_FIXTURES, type FaultFixture, type FixtureName } from './fault-fixtures.js';

/** A declared trip with its defaults filled in. */
export interface Trip {
  check: CheckDefinition;
  fixture: FixtureName;
  fault: string;
  status: 'fail' | 'warn';
  transports: TransportKind[];
}

/** A MUST miss fails; a SHOULD or MAY miss, or advice, warns (engine/grade.ts), unless the check says otherwise. */
export function tripsOf(c: CheckDefinition): Trip[] {
  return (c.trippedBy ?? []).map((t: FaultTrip) => ({
    check: c,
    fixture: t.fixture,
    fault: t.fault,
    status: t.status ?? (c.level === 'MUST' && !c.advice ? 'fail' : 'warn'),
    transports: t.transports ?? c.transports.filter((x) => FAULT_FIXTURES[t.fixture].transports.includes(x)),
  }));
}

export const TRIPS: readonly Trip[] = CHECKS.flatMap(tripsOf);

/**
 * The fault table of a fixture, derived from the catalogue: one case per fault and transport, naming exactly the
 * judged checks that declare the fault there. A fault runs over every transport any of its trips names.
 */
export function faultCases(fx: FaultFixture): (FaultCase & { transport: TransportKind })[] {
  const judged = new Set(fx.judged);
  const mine = TRIPS.filter((t) => t.fixture === fx.name && judged.has(t.check));
  const faults = [...new Set(mine.map((t) => t.fault))].sort();
  return faults.flatMap((fault) =>
    fx.transports.flatMap((transport) => {
      const here = mine.filter((t) => t.fault === fault && t.transports.includes(transport));
      if (!here.length) return [];
      const ids = (s: 'fail' | 'warn') =>
        here
          .filter((t) => t.status === s)
          .map((t) => t.check.id)
          .sort();
      return [{ fault, transport, transports: [transport], fail: ids('fail'), warn: ids('warn') }];
    }),
  );
}

/** Declared trips of checks the fixture's runs do not judge (the wire audit): each is proven on its own. */
export function outsideTrips(fx: FaultFixture): Trip[] {
  const judged = new Set(fx.judged);
  return TRIPS.filter((t) => t.fixture === fx.name && !judged.has(t.check));
}
