import { describe } from '../../target/client.js';
import { HTTP_ONLY } from '../support/spec.js';
import type { CheckDefinition } from '../types.js';
import { authSpec, requireProtected } from './support.js';

/** `resource_metadata="…"` (or unquoted) in a WWW-Authenticate value. */
export function resourceMetadataParam(header: string | undefined): string | undefined {
  return /(?:^|[\s,])resource_metadata\s*=\s*(?:"([^"]*)"|([^\s,]+))/i
    .exec(header ?? '')
    ?.slice(1)
    .find((x) => x !== undefined);
}

export const authNoToken401: CheckDefinition = {
  id: 'auth/no-token-401',
  title: 'a request without a token is refused with 401',
  level: 'MUST',
  spec: authSpec('basic/authorization#error-handling', 'A protected server answers a request that carries no access token with HTTP 401 Unauthorized.'),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'auth', fault: 'no-token-403' }],
  async run(t) {
    const ex = await requireProtected(t);
    if (ex.http?.status !== 401)
      t.fail({ message: 'a request without a token was not answered 401', expected: 'HTTP 401', actual: describe(ex), evidence: ex.evidence });
  },
};

export const authWwwAuthenticate: CheckDefinition = {
  id: 'auth/www-authenticate',
  title: 'a 401 carries a Bearer WWW-Authenticate challenge',
  level: 'MUST',
  spec: authSpec(
    'basic/authorization#protected-resource-metadata-discovery-requirements',
    'A 401 response carries a WWW-Authenticate header (RFC 9110 §15.5.2) with the Bearer scheme (RFC 6750 §3).',
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'auth', fault: 'no-challenge' }],
  async run(t) {
    const ex = await requireProtected(t);
    if (ex.http?.status !== 401) t.precondition(`the request without a token got ${describe(ex)}, not 401 (auth/no-token-401 reports it)`);
    const h = ex.http?.headers['www-authenticate'];
    if (!h)
      t.fail({
        message: 'the 401 has no WWW-Authenticate header',
        expected: 'WWW-Authenticate: Bearer resource_metadata="…"',
        actual: 'no header',
        evidence: ex.evidence,
      });
    else if (!/^\s*Bearer\b/i.test(h))
      t.fail({ message: 'the WWW-Authenticate challenge is not Bearer', expected: 'Bearer …', actual: h.slice(0, 120), evidence: ex.evidence });
  },
};

export const authResourceMetadataParam: CheckDefinition = {
  id: 'auth/resource-metadata-param',
  title: 'the 401 challenge names the protected-resource metadata URL',
  level: 'SHOULD',
  spec: authSpec(
    'basic/authorization#protected-resource-metadata-discovery-requirements',
    'The 401 WWW-Authenticate challenge carries resource_metadata, the URL of the RFC 9728 document; clients try it before the well-known URIs.',
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'auth', fault: 'no-challenge' },
    { fixture: 'auth', fault: 'no-resource-metadata' },
  ],
  async run(t) {
    const ex = await requireProtected(t);
    if (ex.http?.status !== 401) t.precondition(`the request without a token got ${describe(ex)}, not 401`);
    const h = ex.http?.headers['www-authenticate'];
    const url = resourceMetadataParam(h);
    if (!url)
      t.fail({
        message: 'the challenge has no resource_metadata parameter',
        expected: 'Bearer resource_metadata="https://…/.well-known/oauth-protected-resource"',
        actual: h ? h.slice(0, 120) : 'no WWW-Authenticate header',
        evidence: ex.evidence,
      });
    else if (!URL.canParse(url))
      t.fail({ message: 'resource_metadata is not an absolute URL', expected: 'an absolute URL', actual: url.slice(0, 120), evidence: ex.evidence });
  },
};
