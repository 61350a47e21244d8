import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { obj } from '../../spec/read.js';

const URI = /^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/;

/** What is wrong with one resources/list item (schema Resource: uri and name required). */
export function resourceProblems(item: unknown): string[] {
  const r = obj(item);
  if (!r) return [`item ${JSON.stringify(item)?.slice(0, 60)} is not an object`];
  const label = typeof r.uri === 'string' ? r.uri : JSON.stringify(r).slice(0, 60);
  const out: string[] = [];
  if (typeof r.uri !== 'string' || !URI.test(r.uri)) out.push(`${label}: uri ${JSON.stringify(r.uri)} is not an absolute URI`);
  if (typeof r.name !== 'string' || !r.name) out.push(`${label}: name is missing or empty`);
  for (const k of ['title', 'description', 'mimeType'] as const) if (k in r && typeof r[k] !== 'string') out.push(`${label}: ${k} is not a string`);
  if ('size' in r && (typeof r.size !== 'number' || r.size < 0)) out.push(`${label}: size ${JSON.stringify(r.size)} is not a byte count`);
  return out;
}

export const resourcesListValid: CheckDefinition = {
  id: 'resources/list-valid',
  title: 'resources/list items carry a URI and a name',
  level: 'MUST',
  spec: since2026(
    'server/resources#listing-resources',
    'Each item of resources/list is a Resource: an absolute uri and a name are required; title, description, mimeType and size are optional.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'resources-list-invalid' }],
  requires: 'resources',
  async run(t) {
    const list = await t.shared.list('resources/list');
    const evidence = list.pages.flatMap((p) => p.evidence);
    if (list.broken && list.pages.length === 1) return t.precondition('resources/list returned no result (discover/capabilities-match judges that)');
    if (list.broken)
      t.fail({
        message: `page ${list.pages.length} of resources/list, reached through nextCursor, did not return resources`,
        expected: 'every page a ListResourcesResult',
        actual: `page ${list.pages.length} failed`,
        evidence: list.broken.evidence,
      });
    const problems = list.items.flatMap(resourceProblems);
    if (problems.length)
      t.fail({
        message: `${problems.length} problem(s) in ${list.items.length} listed resources`,
        expected: 'every item { "uri": "<scheme>:…", "name": "…" }',
        actual: problems.slice(0, 6).join('; '),
        evidence,
      });
    t.note(`${list.items.length} resources on ${list.pages.length} page(s)`);
  },
};
