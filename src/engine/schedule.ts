/** The order checks start in; results are still reported in catalogue order. */
import type { CheckDefinition } from '../checks/index.js';

/**
 * Checks that wait on the clock start first, then the rest, each group in catalogue order: a 1 s listen window begun
 * last would be the run's tail, begun first it overlaps everything else. The fixed windows go ahead of the other slow
 * checks, so their streams reach the server before that burst of requests. Verdicts do not depend on the order.
 */
export function startOrder(checks: readonly CheckDefinition[]): CheckDefinition[] {
  return [
    ...checks.filter((c) => c.holdsWindow),
    ...checks.filter((c) => c.slow !== undefined && !c.holdsWindow),
    ...checks.filter((c) => c.slow === undefined && !c.holdsWindow),
  ];
}
