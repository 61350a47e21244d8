import { httpGet } from '../../target/http-get.js';
import { HTTP_ONLY } from '../support/spec.js';
import type { CheckDefinition } from '../types.js';
import { resourceMetadataParam } from './challenge.js';
import { authSpec, requireProtected } from './support.js';
import { obj } from '../../spec/read.js';

/** RFC 9728 §3.1: the well-known URI inserts the suffix between host and path. */
export function wellKnownUrls(resource: string): string[] {
  const u = new URL(resource);
  const path = u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '');
  const base = `${u.origin}/.well-known/oauth-protected-resource`;
  return path ? [`${base}${path}`, base] : [base];
}

const same = (a: string, b: string): boolean => a.replace(/\/$/, '') === b.replace(/\/$/, '');

export const authProtectedResourceMetadata: CheckDefinition = {
  id: 'auth/protected-resource-metadata',
  title: 'the RFC 9728 protected-resource metadata is served, well-formed, and names authorization servers',
  level: 'MUST',
  spec: authSpec(
    'basic/authorization#authorization-server-discovery',
    'A protected server publishes RFC 9728 metadata whose resource is its own URL and whose authorization_servers lists at least one authorization server.',
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'auth', fault: 'metadata-malformed' },
    { fixture: 'auth', fault: 'metadata-missing' },
  ],
  async run(t) {
    const ex = await requireProtected(t);
    if (t.spec.kind !== 'http') return;
    const target = t.spec.url;
    const named = resourceMetadataParam(ex.http?.headers['www-authenticate']);
    // Only the server's own origin is fetched: a challenge must not send the harness elsewhere.
    const candidates = [...(named && URL.canParse(named) && new URL(named).origin === new URL(target).origin ? [named] : []), ...wellKnownUrls(target)];
    const tried: string[] = [];
    for (const url of [...new Set(candidates)]) {
      const r = await httpGet(url, { timeoutMs: t.timeouts.request, recorder: t.client.recorder, phase: t.checkId });
      tried.push(`${new URL(url).pathname}: ${r.failure ? r.failure.message : `HTTP ${r.status}`}`);
      if (r.status !== 200) continue;
      const doc = obj(r.json);
      const problems: string[] = [];
      if (!doc) problems.push('the body is not a JSON object');
      else {
        if (typeof doc.resource !== 'string') problems.push('no resource');
        else if (!same(doc.resource, target)) problems.push(`resource ${JSON.stringify(doc.resource.slice(0, 100))} is not this server's URL`);
        const as = doc.authorization_servers;
        if (!Array.isArray(as) || !as.length) problems.push('authorization_servers is missing or empty');
        else if (!as.every((x) => typeof x === 'string' && URL.canParse(x))) problems.push('authorization_servers holds something other than absolute URLs');
      }
      if (problems.length)
        t.fail({
          message: `the metadata at ${new URL(url).pathname} is malformed: ${problems.join('; ')}`,
          expected: '{"resource": "<this URL>", "authorization_servers": ["https://…"]}',
          actual: r.bodyText.slice(0, 160),
          evidence: r.evidence,
        });
      else t.note(`served at ${new URL(url).pathname}`);
      return;
    }
    t.fail({
      message: 'no protected-resource metadata document was found',
      expected: 'HTTP 200 JSON at resource_metadata or /.well-known/oauth-protected-resource',
      actual: tried.join('; '),
      evidence: ex.evidence,
    });
  },
};
