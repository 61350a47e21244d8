import { resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { obj } from '../../spec/read.js';

const LISTS = [
  ['tools/list', 'tools'],
  ['prompts/list', 'prompts'],
  ['resources/list', 'resources'],
  ['resources/templates/list', 'resources'],
] as const;

/** Problems with the cache hints of one `complete` result (DIGEST §d CacheableResult). */
export function cacheHintProblems(r: JsonObject): string[] {
  const p: string[] = [];
  if (!('ttlMs' in r)) p.push('ttlMs missing');
  else if (typeof r.ttlMs !== 'number' || !Number.isInteger(r.ttlMs) || r.ttlMs < 0) p.push(`ttlMs ${JSON.stringify(r.ttlMs)} is not an integer >= 0`);
  if (!('cacheScope' in r)) p.push('cacheScope missing');
  else if (r.cacheScope !== 'public' && r.cacheScope !== 'private') p.push(`cacheScope ${JSON.stringify(r.cacheScope)} is not "public" or "private"`);
  return p;
}

function inspect(t: CheckContext, label: string, ex: Exchange): JsonObject | undefined {
  const r = resultOf(ex);
  if (!r || r.resultType === 'input_required') return r; // interim results carry no cache hints
  const problems = cacheHintProblems(r);
  if (problems.length)
    t.fail({
      message: `${label}: ${problems.join('; ')}`,
      expected: 'integer ttlMs >= 0 and cacheScope "public" or "private"',
      actual: `ttlMs=${JSON.stringify(r.ttlMs)}, cacheScope=${JSON.stringify(r.cacheScope)}`,
      evidence: ex.evidence,
    });
  return r;
}

export const cacheableResults: CheckDefinition = {
  id: 'caching/cacheable-results',
  title: 'cacheable results carry ttlMs and cacheScope',
  level: 'MUST',
  spec: since2026(
    'server/utilities/caching',
    'Results of server/discover, the four list methods and resources/read carry an integer ttlMs >= 0 and a cacheScope of public or private; all pages of one list share one cacheScope.',
    2549,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'cache-hints-invalid' },
    { fixture: 'flawed-server', fault: 'cache-hints-missing' },
    { fixture: 'flawed-server', fault: 'cache-scope-per-page' },
    { fixture: 'flawed-server', fault: 'discover-missing-fields' },
  ],
  async run(t) {
    let seen = 0;
    const discover = await t.shared.discover();
    if (inspect(t, 'server/discover', discover)) seen++;
    for (const [method, cap] of LISTS) {
      if (t.shared.offers(cap) === false) continue;
      const list = await t.shared.list(method);
      const scopes = new Set<unknown>();
      list.pages.forEach((ex, i) => {
        const r = inspect(t, list.pages.length > 1 ? `${method} page ${i + 1}` : method, ex);
        if (r) {
          seen++;
          scopes.add(r.cacheScope);
        }
      });
      if (scopes.size > 1)
        t.fail({
          message: `${method}: pages disagree on cacheScope`,
          expected: 'one cacheScope for every page',
          actual: [...scopes].map(String).join(' / '),
          evidence: list.pages.flatMap((p) => p.evidence),
        });
    }
    if (t.shared.offers('resources') !== false) {
      const first = obj((await t.shared.list('resources/list')).items[0]);
      if (first && typeof first.uri === 'string') {
        const ex = await t.request('resources/read', { uri: first.uri });
        if (inspect(t, `resources/read ${first.uri}`, ex)) seen++;
      }
    }
    if (!seen) t.inconclusive('no cacheable result came back to inspect');
    t.note(`${seen} cacheable results inspected`);
  },
};
