import { describe, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { answersFor, inputRequiredProblems } from './support.js';
import { discoverInputRequired, outcomeOf, requireFound, retry, start, stopOnTransport } from './support.js';

const MAX_OPS = 3;
const MAX_ROUNDS = 5;

/** The retry's extra params: answers when something was asked, and the state echoed exactly when one was sent. */
export function retryParams(irr: JsonObject, answers: JsonObject): { inputResponses?: JsonObject; requestState?: string } {
  return {
    ...(irr.inputRequests !== undefined ? { inputResponses: answers } : {}),
    ...(typeof irr.requestState === 'string' ? { requestState: irr.requestState } : {}),
  };
}

export const retryCompletes: CheckDefinition = {
  id: 'mrtr/retry-completes',
  title: 'a retry that answers every input request completes, or asks again with a new InputRequiredResult',
  level: 'SHOULD',
  spec: since2026(
    'basic/patterns/mrtr#error-handling',
    'A retry (new id, same params, inputResponses for every request, requestState echoed exactly) is processed: the server completes, or returns a new InputRequiredResult if it still needs input, rather than an error.',
    2322,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'mrtr-retry-error' }],
  async run(t) {
    const d = await discoverInputRequired(t);
    const usable = d.found.filter((f) => !f.problems.length);
    requireFound(t, d, usable, 'none of them is well-formed (see mrtr/input-required-well-formed)');
    let exercised = 0;
    for (const { op } of usable.slice(0, MAX_OPS)) {
      const s = await start(t, op);
      stopOnTransport(t, s.ex, op.label);
      if (!s.result) {
        t.note(`${op.label}: did not answer input_required a second time`);
        continue;
      }
      let irr = s.result;
      for (let round = 1; ; round++) {
        const answers = answersFor(irr);
        if (!answers) {
          t.note(`${op.label}: round ${round} asks for something the harness cannot answer`);
          break;
        }
        if (round === 1) exercised++;
        const ex = await retry(t, op, retryParams(irr, answers));
        stopOnTransport(t, ex, `${op.label} retry ${round}`);
        const out = outcomeOf(ex);
        if (out === 'error') {
          t.fail({
            message: `${op.label}: retry ${round}, answering every input request${irr.requestState !== undefined ? ' and echoing requestState' : ''}, got an error`,
            expected: 'a final result, or a new InputRequiredResult',
            actual: describe(ex),
            evidence: [...s.ex.evidence, ...ex.evidence],
          });
          break;
        }
        if (out !== 'input_required') {
          t.note(`${op.label}: completed after ${round} retr${round === 1 ? 'y' : 'ies'}`);
          break;
        }
        const next = resultOf(ex)!;
        const problems = inputRequiredProblems(next);
        if (problems.length) {
          t.fail({
            message: `${op.label}: retry ${round} asked again with a malformed InputRequiredResult: ${problems.join('; ')}`,
            expected: 'a well-formed InputRequiredResult',
            actual: JSON.stringify(next).slice(0, 200),
            evidence: ex.evidence,
          });
          break;
        }
        if (round === MAX_ROUNDS) {
          t.note(`${op.label}: still asking after ${MAX_ROUNDS} rounds (allowed: a server may keep asking)`);
          break;
        }
        irr = next;
      }
    }
    if (!exercised) t.precondition('no input_required flow could be answered by the harness');
  },
};
