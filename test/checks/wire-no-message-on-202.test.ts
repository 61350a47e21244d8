import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { selectChecks, CHECKS } from '../../src/checks/index.js';
import { explain, result, run } from '../support/fixtures.js';

describe('a body on a 202 answer', () => {
  it('is judged once, by http-transport/notification-202, not again as an invalid wire message', async () => {
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
});
