import { ERROR } from '../../spec/constants.js';
import { describe, errorOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { answersFor, inputRequestsOf } from './support.js';
import { operationsAskingForInput, outcomeOf, retry, start, stopOnTransport, type MrtrOp } from './support.js';
import { retryParams } from './retry-completes.js';

const MAX_OPS = 3;

/** One way to spoil the answer to a requested key; `applies` says whether it fits that request's method. */
interface Spoiler {
  what: string;
  applies(method: unknown): boolean;
  spoil(good: JsonObject): unknown;
}

/**
 * Malformed answers no result type allows (MRTR §retry: each entry is an ElicitResult, CreateMessageResult or
 * ListRootsResult): a bare string, and an ElicitResult stripped of its required `action`.
 */
const SPOILERS: Spoiler[] = [
  { what: 'a string instead of a result object', applies: () => true, spoil: () => 'accept' },
  {
    what: 'an ElicitResult without its required action',
    applies: (m) => m === 'elicitation/create',
    spoil: (good) => {
      const rest = { ...good };
      delete rest.action;
      return rest;
    },
  },
];

export const malformedInputResponses: CheckDefinition = {
  id: 'mrtr/malformed-input-responses',
  title: 'a retry whose inputResponses entry is malformed gets a JSON-RPC error',
  level: 'SHOULD',
  spec: since2026(
    'basic/patterns/mrtr#error-handling',
    'When an inputResponses entry is not a valid result for the input request it answers, the server rejects the retry with a JSON-RPC error (invalid params) instead of processing it.',
    2322,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'mrtr-malformed-accepted' }],
  async run(t) {
    const usable = await operationsAskingForInput(t);
    let judged = 0;
    for (const { op, result } of usable.slice(0, MAX_OPS)) {
      const method = inputRequestsOf(result)[0]![1].method;
      for (const s of SPOILERS.filter((x) => x.applies(method))) if (await judge(t, op, s)) judged++;
    }
    if (!judged) t.precondition('no input_required flow could be answered by the harness');
  },
};

/** A fresh flow whose first requested answer is spoiled, the others and the state as a client would send them. */
async function judge(t: CheckContext, op: MrtrOp, s: Spoiler): Promise<boolean> {
  const first = await start(t, op);
  stopOnTransport(t, first.ex, op.label);
  const answers = first.result && answersFor(first.result);
  if (!first.result || !answers) return false;
  const [key] = inputRequestsOf(first.result)[0]!;
  const spoiled = { ...answers, [key]: s.spoil(answers[key]!) };
  const ex = await retry(t, op, { ...retryParams(first.result, answers), inputResponses: spoiled });
  stopOnTransport(t, ex, `${op.label} retry with a malformed "${key}"`);
  const out = outcomeOf(ex);
  if (out === 'error') {
    const code = errorOf(ex)!.code;
    t.note(`${op.label}: ${s.what} rejected with ${String(code)}${code === ERROR.invalidParams ? '' : ` (${ERROR.invalidParams} is the usual code)`}`);
    return true;
  }
  const got = out === 'input_required' ? 'a new InputRequiredResult' : out === 'tool-error' ? 'a tool result with isError' : 'a completed result';
  t.fail({
    message: `${op.label}: a retry answering "${key}" with ${s.what} got ${got} instead of a JSON-RPC error`,
    expected: `a JSON-RPC error (${ERROR.invalidParams}, invalid params)`,
    actual: `${describe(ex)} (sent inputResponses.${key} = ${JSON.stringify(spoiled[key]).slice(0, 80)})`,
    evidence: [...first.ex.evidence, ...ex.evidence],
    hint: 'Validate each inputResponses entry against the result type of the request it answers, and reject the retry with -32602 when one does not fit.',
  });
  return true;
}
