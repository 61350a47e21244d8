import { describe, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { obj, field, objects, strings } from '../../spec/read.js';

const MAX_READS = 3;

/** What is wrong with the contents of a read of `uri` (schema ReadResourceResult). */
export function contentsProblems(uri: string, r: JsonObject): string[] {
  if (!Array.isArray(r.contents)) return ['contents is not an array'];
  if (!r.contents.length) return ['contents is empty for a resource the server lists'];
  const out: string[] = [];
  r.contents.forEach((c: unknown, i) => {
    const item = obj(c) ?? {};
    if (typeof item.uri !== 'string') out.push(`contents[${i}] has no uri`);
    if (typeof item.text !== 'string' && typeof item.blob !== 'string') out.push(`contents[${i}] has neither text nor blob`);
  });
  if (!r.contents.some((c: unknown) => field(c, 'uri') === uri))
    out.push(`no item names the URI that was read (got ${r.contents.map((c: unknown) => JSON.stringify(field(c, 'uri'))).join(', ')})`);
  return out;
}

export const readListedResource: CheckDefinition = {
  id: 'resources/read-listed',
  title: 'reading a listed resource returns its contents under the same URI',
  level: 'MUST',
  spec: since2026(
    'server/resources#reading-resources',
    'resources/read of a resource the server lists answers contents: text or blob items, each with its uri, the read URI among them.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'resource-read-wrong-uri' }],
  requires: 'resources',
  async run(t) {
    const listed = strings(objects((await t.shared.list('resources/list')).items).map((r) => r.uri)).slice(0, MAX_READS);
    if (!listed.length) return t.precondition('the server lists no resources to read');
    let read = 0;
    for (const uri of listed) {
      const ex = await t.request('resources/read', { uri });
      if (ex.failure && !ex.response) return t.inconclusive(`resources/read ${uri}: ${ex.failure.message}`, ex.evidence);
      const r = resultOf(ex);
      if (r?.resultType === 'input_required') continue;
      read++;
      const problems = r ? contentsProblems(uri, r) : [`answered ${describe(ex)}`];
      if (problems.length)
        t.fail({
          message: `resources/read ${uri}: ${problems.join('; ')}`,
          expected: `contents: [{ "uri": "${uri}", "text" | "blob": … }]`,
          actual: r ? JSON.stringify(r.contents).slice(0, 160) : describe(ex),
          evidence: ex.evidence,
        });
    }
    if (!read) return t.precondition('every read asked for client input first (input_required)');
    t.note(`${read} listed resource(s) read`);
  },
};
