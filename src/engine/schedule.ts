/** The order checks start in; results are still reported in catalogue order. */
import type { CheckDefinition } from '../checks/index.js';

/**
 * Checks that wait on the clock start first, in catalogue order, then the rest: a 1 s listen window begun last
 * would be the run's tail, begun first it overlaps everything else. Verdicts do not depend on the order.
 */
export function startOrder(checks: readonly CheckDefinition[]): CheckDefinition[] {
  return [...checks.filter((c) => c.slow !== undefined), ...checks.filter((c) => c.slow === undefined)];
}
