import { describe } from '../../target/client.js';
import { HTTP_ONLY } from '../support/spec.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { authSpec, refusal, requireProtected, tamperedJwt, userAuthorization, withAuthorization } from './support.js';

export const authTokenAccepted: CheckDefinition = {
  id: 'auth/token-accepted',
  title: 'the token the user supplies is accepted',
  level: 'MUST',
  spec: authSpec(
    'basic/authorization#access-token-usage',
    'A request carrying a valid access token in the Authorization header (Bearer) is served, not refused.',
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'auth', fault: 'token-single-use' }],
  async run(t) {
    await requireProtected(t);
    const ex = await withAuthorization(t, userAuthorization(t) ?? null);
    const status = ex.http?.status ?? 0;
    if (ex.failure) t.inconclusive(`no answer: ${ex.failure.message}`, ex.evidence);
    if (status === 401 || status === 403)
      t.fail({
        message: `the supplied token was refused with HTTP ${status}`,
        expected: 'the request served',
        actual: describe(ex),
        evidence: ex.evidence,
        hint: 'check the token is current and issued for this server (its audience)',
      });
  },
};

/** Sends `token` (the user's own or one derived from it) and expects 401. */
async function expectRefused(
  t: CheckContext,
  given: string | undefined,
  derive: (c: Record<string, unknown>) => void,
  what: string,
  flag: string,
): Promise<void> {
  await requireProtected(t);
  const token = given ?? tamperedJwt(userAuthorization(t), derive);
  if (!token) t.precondition(`no ${what} to send: the supplied token is not a JWT to derive one from`, `Pass ${flag} TOKEN.`);
  // A derived token is as secret as the one it came from.
  t.client.recorder.masker.add(token);
  const ex = await withAuthorization(t, `Bearer ${token}`);
  const r = refusal(ex);
  if (!r.ok) t.fail({ message: `a ${what} was not refused with 401`, expected: 'HTTP 401', actual: r.actual, evidence: ex.evidence });
  else if (!given) t.note(`derived from the supplied token (claims changed, signature kept); ${flag} tests the claim alone`);
}

export const authAudienceValidated: CheckDefinition = {
  id: 'auth/audience-validated',
  title: 'a token issued for another audience is refused with 401',
  level: 'MUST',
  spec: authSpec(
    'basic/authorization#token-audience-binding-and-validation',
    'The server validates that an access token was issued for it (its audience) and answers any other token with 401.',
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'auth', fault: 'audience-unchecked' }],
  run: (t) =>
    expectRefused(
      t,
      t.options.auth?.otherAudienceToken,
      (c) => void (c.aud = 'https://other-resource.invalid/mcp'),
      'token for another audience',
      '--auth-other-audience-token',
    ),
};

export const authExpiredRefused: CheckDefinition = {
  id: 'auth/expired-refused',
  title: 'an expired token is refused with 401',
  level: 'MUST',
  spec: authSpec('basic/authorization#token-handling', 'An invalid or expired access token is answered with HTTP 401, never served and never a server error.'),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'auth', fault: 'expiry-unchecked' }],
  run: (t) =>
    expectRefused(t, t.options.auth?.expiredToken, (c) => void (c.exp = Math.floor(Date.now() / 1000) - 3600), 'expired token', '--auth-expired-token'),
};

export const authMalformedRefused: CheckDefinition = {
  id: 'auth/malformed-refused',
  title: 'a malformed token is refused with 401, not a server error',
  level: 'MUST',
  spec: authSpec('basic/authorization#token-handling', 'A malformed access token is an invalid token: HTTP 401, never served and never a server error.'),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'auth', fault: 'malformed-500' }],
  async run(t) {
    await requireProtected(t);
    const tokens = [
      { what: 'one part', token: 'not-a-token' },
      { what: 'three parts, the middle one not base64url', token: 'eyJhbGciOiJIUzI1NiJ9.%%%.x' },
      { what: 'two parts, the second empty', token: `${'A'.repeat(40)}.` },
    ];
    const misses: { what: string; actual: string; evidence: number[] }[] = [];
    for (const { what, token } of tokens) {
      const ex = await withAuthorization(t, `Bearer ${token}`);
      const r = refusal(ex);
      if (!r.ok) misses.push({ what, actual: r.actual, evidence: ex.evidence });
    }
    // One finding that says which tokens got through, not one identical line per token.
    if (misses.length > 0)
      t.fail({
        message: `${misses.length} of ${tokens.length} malformed tokens were not refused with 401`,
        expected: 'HTTP 401 for each',
        actual: misses.map((m) => `token of ${m.what}: ${m.actual}`).join('; '),
        evidence: misses.flatMap((m) => m.evidence),
      });
  },
};
