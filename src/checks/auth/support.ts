/**
 * Plumbing the authorization checks share (2025-11-25 and 2026-07-28 basic/authorization, RFC 9728, RFC 6750): one
 * request with a chosen Authorization header, whether the server is protected at all, and tokens derived from the
 * user's one. Tokens travel only in the Authorization header, which the wire record masks.
 */
import type { SpecRef } from '../../core/types.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext } from '../types.js';

/** Authorization is the same requirement in both eras (DIGEST §j "Unchanged core"). */
export function authSpec(section: string, quote: string): SpecRef {
  return { revision: { since: '2025-03-26' }, section, quote };
}

/** The user's Authorization header value, whatever its case. */
export function userAuthorization(t: CheckContext): string | undefined {
  if (t.spec.kind !== 'http') return undefined;
  const k = Object.keys(t.spec.headers ?? {}).find((h) => h.toLowerCase() === 'authorization');
  return k ? t.spec.headers?.[k] : undefined;
}

/**
 * One request with this Authorization header (`null`: none); any method will do, authorization comes first, so it is
 * one every server of the era answers: server/discover, or ping inside a 2025 session.
 */
export function withAuthorization(t: CheckContext, value: string | null): Promise<Exchange> {
  return t.request(t.client.speaks2025() ? 'ping' : 'server/discover', {}, { headers: { Authorization: value } });
}

const guards = new WeakMap<object, Promise<Exchange>>();

/** The request without a token, made once per target; a server that serves it is not protected. */
export function withoutToken(t: CheckContext): Promise<Exchange> {
  let p = guards.get(t.shared);
  if (!p) {
    p = withAuthorization(t, null);
    guards.set(t.shared, p);
  }
  return p;
}

/** Stops the check unless the user gave a token and the server refuses requests without one. */
export async function requireProtected(t: CheckContext): Promise<Exchange> {
  // Authorization is optional in MCP: a server that serves requests without a token has no authorization to judge.
  if (!userAuthorization(t))
    t.skip(
      'the server answered without an Authorization header, so it does not require authorization (optional in MCP); to test a protected server, pass -H "Authorization: Bearer TOKEN"',
    );
  const ex = await withoutToken(t);
  if (ex.failure) t.inconclusive(`the request without a token got no answer: ${ex.failure.message}`, ex.evidence);
  const status = ex.http?.status ?? 0;
  if (status >= 200 && status < 300)
    t.skip(`the server answered HTTP ${status} without a token: it does not require authorization (optional in MCP), so its authorization is not tested`);
  return ex;
}

const b64url = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');

/** The user's JWT with claims changed and its signature kept: a server that checks signatures or claims refuses it. */
export function tamperedJwt(authorization: string | undefined, change: (claims: Record<string, unknown>) => void): string | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const parts = token?.split('.');
  if (!parts || parts.length !== 3) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (!claims || typeof claims !== 'object') return undefined;
    change(claims);
    return `${parts[0]}.${b64url(JSON.stringify(claims))}.${parts[2]}`;
  } catch {
    return undefined;
  }
}

/** A refusal is 401 exactly; anything else is named, with the server's view of it. */
export function refusal(ex: Exchange): { ok: boolean; actual: string } {
  if (ex.failure) return { ok: false, actual: ex.failure.message };
  const status = ex.http?.status ?? 0;
  const what =
    status >= 200 && status < 300
      ? `HTTP ${status}: the token was accepted`
      : status >= 500
        ? `HTTP ${status}: the server failed instead of refusing`
        : `HTTP ${status}`;
  return { ok: status === 401, actual: what };
}
