import { describe, errorOf } from '../../target/client.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext } from '../types.js';

export interface ErrorExpectation {
  code: number;
  /** HTTP status required on the Streamable HTTP transport (ignored over stdio). */
  httpStatus?: number;
  what: string;
  hint?: string;
}

/**
 * Asserts that an exchange is a JSON-RPC error with `code` (and `httpStatus` on HTTP), recording one failure
 * naming each difference. A transport failure makes the check inconclusive, not failed.
 * Returns true when everything matched.
 */
export function expectError(t: CheckContext, ex: Exchange, e: ErrorExpectation): boolean {
  if (ex.failure && !ex.response) {
    if (ex.failure.failure === 'timeout') {
      t.fail({
        message: `${e.what}: no answer`,
        expected: expectedText(t, e),
        actual: describe(ex),
        evidence: ex.evidence,
        ...(e.hint ? { hint: e.hint } : {}),
      });
      return false;
    }
    t.inconclusive(`${e.what}: ${ex.failure.message}`, ex.evidence);
  }
  const err = errorOf(ex);
  const problems: string[] = [];
  if (!err) problems.push('no JSON-RPC error');
  else if (err.code !== e.code) problems.push(`code ${String(err.code)}`);
  if (t.transport === 'http' && e.httpStatus !== undefined && ex.http?.status !== e.httpStatus) problems.push(`HTTP ${ex.http?.status ?? '?'}`);
  if (!problems.length) return true;
  t.fail({
    message: `${e.what}: got ${problems.join(' and ')}`,
    expected: expectedText(t, e),
    actual: describe(ex),
    evidence: ex.evidence,
    ...(e.hint ? { hint: e.hint } : {}),
  });
  return false;
}

function expectedText(t: CheckContext, e: ErrorExpectation): string {
  return `error ${e.code}${t.transport === 'http' && e.httpStatus !== undefined ? ` with HTTP ${e.httpStatus}` : ''}`;
}
