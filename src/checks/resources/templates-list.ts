import { resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { obj } from '../../spec/read.js';

/** What is wrong with one resources/templates/list item (schema ResourceTemplate: uriTemplate and name required). */
export function templateProblems(item: unknown): string[] {
  const r = obj(item);
  if (!r) return [`item ${JSON.stringify(item)?.slice(0, 60)} is not an object`];
  const label = typeof r.uriTemplate === 'string' ? r.uriTemplate : JSON.stringify(r).slice(0, 60);
  const out: string[] = [];
  if (typeof r.uriTemplate !== 'string') out.push(`${label}: uriTemplate is missing`);
  // RFC 6570 expressions are brace pairs, never nested or left open.
  else if (!/^[^{}]*(\{[^{}]+\}[^{}]*)*$/.test(r.uriTemplate)) out.push(`${label}: unbalanced braces in the URI template`);
  if (typeof r.name !== 'string' || !r.name) out.push(`${label}: name is missing or empty`);
  for (const k of ['title', 'description', 'mimeType'] as const) if (k in r && typeof r[k] !== 'string') out.push(`${label}: ${k} is not a string`);
  return out;
}

export const resourceTemplatesList: CheckDefinition = {
  id: 'resources/templates-list',
  title: 'resources/templates/list items carry a URI template and a name',
  level: 'MUST',
  spec: since2026('server/resources#resource-templates', 'resources/templates/list answers resourceTemplates, each with an RFC 6570 uriTemplate and a name.'),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'templates-list-invalid' }],
  requires: 'resources',
  async run(t) {
    const list = await t.shared.list('resources/templates/list');
    const first = list.pages[0];
    if (!first || !resultOf(first)) return t.precondition('resources/templates/list returned no result (discover/capabilities-match judges that)');
    const problems = list.items.flatMap(templateProblems);
    if (problems.length)
      t.fail({
        message: `${problems.length} problem(s) in ${list.items.length} resource templates`,
        expected: 'every item { "uriTemplate": "scheme://…/{var}", "name": "…" }',
        actual: problems.slice(0, 6).join('; '),
        evidence: list.pages.flatMap((p) => p.evidence),
      });
    t.note(`${list.items.length} template(s)`);
  },
};
