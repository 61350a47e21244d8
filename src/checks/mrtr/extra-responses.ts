import { describe } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { answersFor } from './support.js';
import { operationsAskingForInput, outcomeOf, retry, start, stopOnTransport } from './support.js';
import { retryParams } from './retry-completes.js';

const MAX_OPS = 2;
const EXTRA_KEY = 'mcp-assay-unrequested';

export const extraResponsesIgnored: CheckDefinition = {
  id: 'mrtr/extra-responses-ignored',
  title: 'an inputResponses entry the server never asked for is ignored',
  level: 'SHOULD',
  spec: since2026(
    'basic/patterns/mrtr#error-handling',
    'When a retry carries inputResponses entries the server did not request, the server ignores what it does not recognise instead of failing the request.',
    2322,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'mrtr-extra-rejected' }],
  async run(t) {
    const usable = await operationsAskingForInput(t);
    let judged = 0;
    for (const { op } of usable.slice(0, MAX_OPS)) {
      // Baseline: the same retry without the extra entry must not fail, or the extra entry proves nothing.
      const a = await start(t, op);
      stopOnTransport(t, a.ex, op.label);
      const answers = a.result && answersFor(a.result);
      if (!a.result || !answers) continue;
      const plain = await retry(t, op, retryParams(a.result, answers));
      stopOnTransport(t, plain, `${op.label} retry`);
      if (outcomeOf(plain) === 'error') {
        t.note(`${op.label}: a plain retry already fails (see mrtr/retry-completes), so it cannot be judged here`);
        continue;
      }
      const b = await start(t, op);
      stopOnTransport(t, b.ex, op.label);
      const answersB = b.result && answersFor(b.result);
      if (!b.result || !answersB) continue;
      const extra = { ...answersB, [EXTRA_KEY]: { action: 'decline' } };
      const ex = await retry(t, op, { ...retryParams(b.result, answersB), inputResponses: extra });
      stopOnTransport(t, ex, `${op.label} retry with an extra entry`);
      judged++;
      if (outcomeOf(ex) === 'error')
        t.fail({
          message: `${op.label}: adding an inputResponses entry "${EXTRA_KEY}" that was never requested turned a working retry into an error`,
          expected: `the same outcome as without it (${outcomeOf(plain)})`,
          actual: describe(ex),
          evidence: [...plain.evidence, ...ex.evidence],
        });
      else t.note(`${op.label}: the extra entry was ignored`);
    }
    if (!judged) t.precondition('no input_required flow had a working plain retry to compare with');
  },
};
