import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { discoverInputRequired, requireFound } from './support.js';

export const inputRequiredWellFormed: CheckDefinition = {
  id: 'mrtr/input-required-well-formed',
  title: 'an InputRequiredResult carries inputRequests or requestState, and asks only for elicitation, sampling or roots',
  level: 'MUST',
  spec: since2026(
    'basic/patterns/mrtr#server-requirements-basic-workflow',
    'Every InputRequiredResult includes at least one of inputRequests and requestState; each input request is an elicitation/create, sampling/createMessage or roots/list request, and requestState is an opaque string.',
    2322,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'mrtr-irr-empty' }],
  async run(t) {
    const d = await discoverInputRequired(t);
    requireFound(t, d, d.found);
    for (const f of d.found)
      if (f.problems.length)
        t.fail({
          message: `${f.op.label}: malformed InputRequiredResult: ${f.problems.join('; ')}`,
          expected: 'resultType "input_required" with inputRequests (elicitation/create, sampling/createMessage or roots/list) and/or a requestState string',
          actual: JSON.stringify(f.result).slice(0, 200),
          evidence: f.first.evidence,
        });
    t.note(`${d.found.length} InputRequiredResult(s) inspected: ${d.found.map((f) => f.op.label).join(', ')}`);
  },
};
