import { describe } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { answersFor, inputRequestsOf } from './support.js';
import { operationsAskingForInput, outcomeOf, retry, start, stopOnTransport } from './support.js';

const MAX_OPS = 2;

export const missingResponsesReasked: CheckDefinition = {
  id: 'mrtr/missing-responses-reasked',
  title: 'a retry missing requested input gets a new InputRequiredResult, not an error',
  level: 'SHOULD',
  spec: since2026(
    'basic/patterns/mrtr#error-handling',
    'When a retry lacks input the server needs, the server responds with a new InputRequiredResult asking for it again rather than with an error.',
    2322,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'mrtr-missing-error' }],
  async run(t) {
    const usable = await operationsAskingForInput(t);
    let judged = 0;
    for (const { op } of usable.slice(0, MAX_OPS)) {
      const s = await start(t, op);
      stopOnTransport(t, s.ex, op.label);
      const answers = s.result && answersFor(s.result);
      if (!s.result || !answers) continue;
      // Leave out the first requested answer (all of them when only one was asked); state echoed as required.
      const partial: JsonObject = { ...answers };
      const [dropped] = inputRequestsOf(s.result)[0]!;
      delete partial[dropped];
      const ex = await retry(t, op, { inputResponses: partial, ...(typeof s.result.requestState === 'string' ? { requestState: s.result.requestState } : {}) });
      stopOnTransport(t, ex, `${op.label} retry without "${dropped}"`);
      judged++;
      const out = outcomeOf(ex);
      if (out === 'error')
        t.fail({
          message: `${op.label}: a retry without the answer to "${dropped}" got an error instead of being asked again`,
          expected: 'a new InputRequiredResult asking for the missing input',
          actual: describe(ex),
          evidence: [...s.ex.evidence, ...ex.evidence],
        });
      else if (out === 'input_required') t.note(`${op.label}: asked again`);
      else t.note(`${op.label}: completed without "${dropped}", so that input was optional`);
    }
    if (!judged) t.precondition('no input_required flow could be answered by the harness');
  },
};
