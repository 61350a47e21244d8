import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { startProtectedServer } from '../fixtures/servers/auth/server.js';
import { describeFaults } from '../support/fault-cases.js';
import { byStatus, explain, result, run } from '../support/fixtures.js';

const AUTH_CHECKS = selectChecks(CHECKS, ['auth/']);
const ALL = AUTH_CHECKS.map((c) => c.id).sort();

async function assayProtected(faults: string[], explicit = true) {
  const s = await startProtectedServer({ faults });
  try {
    const headers = { Authorization: `Bearer ${s.tokens.valid}` };
    const auth = explicit ? { auth: { otherAudienceToken: s.tokens.otherAudience, expiredToken: s.tokens.expired } } : {};
    const r = await run({ kind: 'http', url: s.url, headers }, { checks: AUTH_CHECKS, ...auth });
    return { r, tokens: Object.values(s.tokens) };
  } finally {
    await s.close();
  }
}

/** Each fault of the protected server makes exactly the auth checks that declare it miss, each saying what it expected. */
describeFaults('auth');

describe('authorization checks against protected servers', () => {
  it('the correct protected server passes every check, with given tokens and with tokens derived from the user one', async () => {
    for (const explicit of [true, false]) {
      const { r } = await assayProtected([], explicit);
      assert.deepEqual(byStatus(r, 'pass'), ALL, explain(r));
    }
  });

  it('malformed tokens the server fails on are one finding naming each token, not a repeated line per token', async () => {
    const { r } = await assayProtected(['malformed-500']);
    const c = result(r, 'auth/malformed-refused');
    assert.equal(c.status, 'fail', explain(r));
    // Two of the three have no three parts, so the faulty parser crashes on them; the third reaches the signature check.
    assert.equal(c.message, '2 of 3 malformed tokens were not refused with 401');
    assert.equal(
      c.actual,
      'token of one part: HTTP 500: the server failed instead of refusing; token of two parts, the second empty: HTTP 500: the server failed instead of refusing',
    );
    assert.ok((c.evidence?.length ?? 0) >= 2, 'the evidence points at both exchanges');
  });

  it('no token appears anywhere in the report, derived ones included', async () => {
    for (const explicit of [true, false]) {
      const { r, tokens } = await assayProtected(['audience-unchecked', 'expiry-unchecked'], explicit);
      const text = JSON.stringify(r);
      for (const tok of tokens) {
        assert.ok(!text.includes(tok), 'a token leaked into the report');
        assert.ok(!text.includes(tok.split('.')[2]!), 'a token signature leaked into the report');
      }
    }
  });

  it('an unprotected server leaves every check skipped (authorization is optional), never passed', async () => {
    const desk = await startSupportDeskHttp({ port: 0 });
    try {
      const bare = await run({ kind: 'http', url: desk.url }, { checks: AUTH_CHECKS });
      assert.deepEqual(byStatus(bare, 'skip'), ALL, explain(bare));
      const withToken = await run({ kind: 'http', url: desk.url, headers: { Authorization: 'Bearer some-token-value' } }, { checks: AUTH_CHECKS });
      assert.deepEqual(byStatus(withToken, 'skip'), ALL, explain(withToken));
    } finally {
      await desk.close();
    }
  });
});
