import { describe } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { answersFor, tamper } from './support.js';
import { discoverInputRequired, outcomeOf, requireFound, retry, start, stopOnTransport } from './support.js';

const MAX_OPS = 3;

export const tamperedRequestState: CheckDefinition = {
  id: 'mrtr/tampered-request-state',
  title: 'a retry with a tampered requestState is rejected where the server relies on the state',
  level: 'MUST',
  spec: since2026(
    'basic/patterns/mrtr#server-requirements-basic-workflow',
    'requestState is attacker-controlled: when it drives the outcome the server protects its integrity (HMAC or AEAD) and rejects state that fails verification; only state whose tampering can cause nothing worse than a failed request may go unprotected.',
    2322,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'mrtr-state-unsigned' }],
  async run(t) {
    const d = await discoverInputRequired(t);
    const usable = d.found.filter((f) => !f.problems.length && typeof f.result.requestState === 'string');
    requireFound(t, d, usable, 'none of them carries a requestState');
    let judged = 0;
    for (const { op } of usable.slice(0, MAX_OPS)) {
      // Does the state matter? Retry with the answers but without the state: completing anyway means it does not.
      const a = await start(t, op);
      stopOnTransport(t, a.ex, op.label);
      const answers = a.result && answersFor(a.result);
      if (!a.result || !answers || typeof a.result.requestState !== 'string') continue;
      const withoutState = await retry(t, op, a.result.inputRequests !== undefined ? { inputResponses: answers } : {});
      stopOnTransport(t, withoutState, `${op.label} retry without requestState`);
      if (outcomeOf(withoutState) === 'complete') {
        t.note(`${op.label}: completes without its requestState, so the state does not drive the outcome`);
        continue;
      }
      // A fresh state (it may be single-use), one character changed, same answers.
      const b = await start(t, op);
      stopOnTransport(t, b.ex, op.label);
      if (!b.result || typeof b.result.requestState !== 'string') continue;
      const forged = tamper(b.result.requestState);
      const ex = await retry(t, op, {
        ...(b.result.inputRequests !== undefined ? { inputResponses: answersFor(b.result) ?? answers } : {}),
        requestState: forged,
      });
      stopOnTransport(t, ex, `${op.label} retry with tampered requestState`);
      judged++;
      const out = outcomeOf(ex);
      if (out === 'complete')
        t.fail({
          message: `${op.label}: a retry whose requestState was altered (one character) completed as if the state were valid, although without the state the request does not complete`,
          expected: 'a JSON-RPC error (state failed verification)',
          actual: `${describe(ex)} (sent requestState ${JSON.stringify(forged.slice(0, 60))})`,
          evidence: [...withoutState.evidence, ...b.ex.evidence, ...ex.evidence],
          hint: 'Sign requestState (HMAC or AEAD), bind it to the request and an expiry, and reject state that fails verification.',
        });
      else
        t.note(
          `${op.label}: tampered state rejected (${out === 'error' ? describe(ex) : out === 'input_required' ? 'the flow started over' : 'a tool error'})`,
        );
    }
    if (!judged) t.precondition('no flow relies on its requestState (retries without it complete, or no state came back)');
  },
};
