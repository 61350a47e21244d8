import { describe, resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

const CALLS = 3;

export const toolsListOrderStable: CheckDefinition = {
  id: 'tools/list-order-stable',
  title: 'tools/list returns the same order on consecutive calls',
  level: 'SHOULD',
  spec: since2026('server/tools#listing', 'tools/list should return tools in a deterministic order, so clients can cache and diff it.'),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'tools-order-unstable' }],
  requires: 'tools',
  async run(t) {
    const orders: string[][] = [];
    const evidence: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const ex = await t.request('tools/list', {});
      evidence.push(...ex.evidence);
      const tools = resultOf(ex)?.tools;
      if (!Array.isArray(tools)) return t.inconclusive(`tools/list call ${i + 1} got ${describe(ex)}`, ex.evidence);
      orders.push(tools.map((x) => String((x as { name?: unknown }).name)));
    }
    const first = orders[0] ?? [];
    if (first.length < 2) return t.precondition(`the server lists ${first.length} tool(s); order needs at least 2`);
    const differing = orders.findIndex((o) => o.join('\u0000') !== first.join('\u0000'));
    if (differing > 0)
      t.fail({
        message: `call ${differing + 1} of ${CALLS} returned a different order`,
        expected: first.join(', '),
        actual: (orders[differing] ?? []).join(', '),
        evidence,
        hint: 'Sort tools by a stable key (e.g. registration order or name) before answering.',
      });
    else t.note(`${CALLS} calls, ${first.length} tools, same order`);
  },
};
