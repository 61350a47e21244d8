import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { completionTargets } from './support.js';
import { obj, at, arr } from '../../spec/read.js';

/** What is wrong with a CompleteResult (schema: completion.values string[] of at most 100, total integer, hasMore boolean). */
export function completionProblems(r: JsonObject): string[] {
  const c = obj(r.completion);
  if (!c) return ['completion is missing or not an object'];
  const { values, total, hasMore } = c;
  const out: string[] = [];
  if (!Array.isArray(values)) out.push('completion.values is not an array');
  else {
    if (values.length > 100) out.push(`completion.values has ${values.length} items (at most 100)`);
    const odd = values.filter((v) => typeof v !== 'string');
    if (odd.length) out.push(`completion.values holds ${odd.length} non-string item(s), e.g. ${JSON.stringify(odd[0]).slice(0, 60)}`);
  }
  if (total !== undefined && (typeof total !== 'number' || !Number.isInteger(total) || total < 0))
    out.push(`completion.total ${JSON.stringify(total)} is not a count`);
  if (hasMore !== undefined && typeof hasMore !== 'boolean') out.push(`completion.hasMore ${JSON.stringify(hasMore)} is not a boolean`);
  return out;
}

export const completionComplete: CheckDefinition = {
  id: 'completion/complete',
  title: 'completion/complete answers suggestions for a prompt argument or template variable',
  level: 'MUST',
  spec: since2026(
    'server/utilities/completion',
    'A server advertising completions answers completion/complete for its prompts (ref/prompt) and resource templates (ref/resource) with completion.values: at most 100 strings, plus optional total and hasMore.',
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'completion-invalid' },
    { fixture: 'flawed-server', fault: 'completion-unimplemented' },
  ],
  requires: 'completions',
  async run(t) {
    const targets = await completionTargets(t);
    if (!targets.length) return t.precondition('no listed prompt has an argument and no resource template has a variable to complete');
    for (const { label, params } of targets) {
      const ex = await t.request('completion/complete', params);
      if (ex.failure && !ex.response) return t.inconclusive(`completion/complete for ${label}: ${ex.failure.message}`, ex.evidence);
      const r = resultOf(ex);
      // Without a DiscoverResult nobody knows whether completions are offered; -32601 then says they are not.
      if (!r && t.shared.offers('completions') === undefined && errorOf(ex)?.code === ERROR.methodNotFound)
        return t.precondition('capabilities are unknown (no DiscoverResult) and completion/complete is not implemented');
      const problems = r ? completionProblems(r) : [`answered ${describe(ex)}`];
      if (problems.length)
        t.fail({
          message: `completion/complete for ${label}: ${problems.join('; ')}`,
          expected: '{ "completion": { "values": ["…"], "total"?: n, "hasMore"?: bool } }',
          actual: r ? JSON.stringify(r.completion).slice(0, 160) : describe(ex),
          evidence: ex.evidence,
          ...(r ? {} : { hint: 'A reference the server lists must complete; answer an argument without suggestions with values: [].' }),
        });
      else t.note(`${label}: ${arr(at(r, 'completion', 'values'))?.length ?? 0} suggestion(s)`);
    }
  },
};
