/** The wire audit judges JSON-RPC messages only, not bodies where the protocol puts none; the check that owns each slot judges it. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { selectChecks, CHECKS } from '../../src/checks/index.js';
import { startProtectedServer } from '../fixtures/servers/auth/server.js';
import { startLegacyHttp } from '../fixtures/servers/legacy/http.js';
import { explain, result, run } from '../support/fixtures.js';

describe('bodies where no JSON-RPC message belongs', () => {
  it('a body on a 202 answer is judged once, by http-transport/notification-202, not again as an invalid wire message', async () => {
    const s = await startFlawedHttp({ faults: ['notification-202-body'], port: 0 });
    try {
      const r = await run({ kind: 'http', url: s.url }, { checks: selectChecks(CHECKS, ['http-transport/notification-202', 'wire/']), contracts: false });
      const n202 = result(r, 'http-transport/notification-202');
      assert.equal(n202.status, 'fail', explain(r));
      assert.match(n202.actual ?? '', /HTTP 202, body "null"/);
      const bodies202 = r.wire.filter((w) => w.from === 'server' && w.http?.status === 202 && w.body === null).map((w) => w.seq);
      assert.ok(bodies202.length > 0, 'the fault sent a body on 202');
      const wire = result(r, 'wire/server-messages-valid');
      assert.equal(wire.status, 'pass', `${wire.message ?? ''} ${wire.actual ?? ''}`);
    } finally {
      await s.close();
    }
  });

  it('OAuth error bodies on 401 and the protected-resource metadata document are not judged as messages', async () => {
    const s = await startProtectedServer();
    try {
      const headers = { Authorization: `Bearer ${s.tokens.valid}` };
      const r = await run({ kind: 'http', url: s.url, headers }, { checks: selectChecks(CHECKS, ['auth/', 'wire/']), contracts: false });
      const oauth401 = r.wire.filter((w) => w.from === 'server' && w.http?.status === 401 && typeof (w.body as { error?: unknown })?.error === 'string');
      assert.ok(oauth401.length > 0, 'the server answered 401 with an OAuth error body');
      const document = r.wire.find((w) => w.from === 'server' && (w.body as { authorization_servers?: unknown })?.authorization_servers !== undefined);
      assert.ok(document, 'the metadata document was fetched and recorded');
      assert.equal(result(r, 'auth/protected-resource-metadata').status, 'pass', explain(r));
      const wire = result(r, 'wire/server-messages-valid');
      assert.equal(wire.status, 'pass', `${wire.message ?? ''} ${wire.actual ?? ''}`);
    } finally {
      await s.close();
    }
  });

  it('a JSON health page answering a GET fails the GET check, not the wire audit; a broken message on a POST still fails it', async () => {
    const s = await startLegacyHttp({ faults: ['get-not-stream'], port: 0 });
    try {
      const r = await run(
        { kind: 'http', url: s.url },
        { checks: selectChecks(CHECKS, ['legacy/get-stream-or-405', 'http-transport/get-delete-405', 'wire/']), contracts: false },
      );
      assert.equal(result(r, 'legacy/get-stream-or-405').status, 'fail', explain(r));
      const page = r.wire.filter((w) => w.from === 'server' && (w.body as { status?: unknown })?.status === 'ok');
      assert.ok(page.length > 0, 'the health page is on the wire record');
      const wire = result(r, 'wire/server-messages-valid');
      assert.equal(wire.status, 'pass', `${wire.message ?? ''} ${wire.actual ?? ''}`);
    } finally {
      await s.close();
    }
    // The audit still sees messages: a tools/list answer that breaks the schema (ttlMs -5) fails it.
    const bad = await startFlawedHttp({ faults: ['cache-hints-invalid'], port: 0 });
    try {
      const r = await run({ kind: 'http', url: bad.url }, { checks: selectChecks(CHECKS, ['tools/input-schema-object', 'wire/']), contracts: false });
      assert.equal(result(r, 'wire/server-messages-valid').status, 'fail', explain(r));
    } finally {
      await bad.close();
    }
  });
});
