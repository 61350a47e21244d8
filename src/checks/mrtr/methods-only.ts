import { resultOf } from '../../target/client.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { MRTR_CAPABILITIES } from './support.js';

/** Methods outside MRTR's three, with the capability that gates each. */
const OTHER_METHODS: [string, string | undefined][] = [
  ['server/discover', undefined],
  ['tools/list', 'tools'],
  ['prompts/list', 'prompts'],
  ['resources/list', 'resources'],
  ['resources/templates/list', 'resources'],
];

export const inputRequiredMethodsOnly: CheckDefinition = {
  id: 'mrtr/input-required-methods-only',
  title: 'only tools/call, prompts/get and resources/read ever answer input_required',
  level: 'MUST',
  spec: since2026(
    'basic/patterns/mrtr#supported-requests',
    'A server may answer input_required only to tools/call, prompts/get and resources/read; every other request, lists and discover included, never gets an InputRequiredResult.',
    2322,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'mrtr-list-input-required' }],
  async run(t) {
    let inspected = 0;
    const judge = (label: string, ex: Exchange) => {
      const r = resultOf(ex);
      if (!r) return;
      inspected++;
      if (r.resultType === 'input_required')
        t.fail({
          message: `${label} answered input_required`,
          expected: 'a complete result (or an error): MRTR is limited to tools/call, prompts/get and resources/read',
          actual: `resultType "input_required"${r.inputRequests ? ` asking for ${Object.keys(r.inputRequests).join(', ')}` : ''}`,
          evidence: ex.evidence,
        });
    };
    for (const [method, cap] of OTHER_METHODS) {
      if (cap && t.shared.offers(cap) === false) continue;
      // Declaring elicitation, sampling and roots tempts a server that would misuse them.
      judge(`${method} (with elicitation, sampling and roots declared)`, await t.request(method, {}, { clientCapabilities: MRTR_CAPABILITIES }));
      if (method !== 'server/discover') for (const page of (await t.shared.list(method)).pages) judge(method, page);
    }
    if (!inspected) t.inconclusive('no discover or list request came back with a result to inspect');
    t.note(`${inspected} discover and list results inspected`);
  },
};
