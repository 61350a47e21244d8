/** Which recorded bodies the wire audit judges as JSON-RPC messages. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Masker } from '../../src/core/mask.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { WireAudit } from '../../src/target/wire-audit.js';

function audited(entries: { status: number; json: unknown; notMessage?: boolean }[]): number[] {
  const audit = new WireAudit();
  const rec = new WireRecorder(new Masker(), undefined, audit);
  for (const e of entries)
    rec.record(
      { from: 'server', channel: 'http', phase: 'test', http: { status: e.status, headers: {} }, json: e.json },
      e.notMessage ? { notMessage: true } : {},
    );
  return [...new Set(audit.findings.map((f) => f.seq))];
}

test('OAuth errors on 401/403 and documents are not judged as messages; a body that claims to be JSON-RPC is, wherever it is', () => {
  const badError = { jsonrpc: '2.0', id: 1, error: { code: 'forbidden', message: 'Forbidden' } };
  assert.deepEqual(
    audited([
      { status: 401, json: { error: 'invalid_token' } },
      { status: 403, json: { error: 'insufficient_scope' } },
      { status: 200, json: { resource: 'http://127.0.0.1/mcp', authorization_servers: [] }, notMessage: true },
      { status: 200, json: { status: 'ok' }, notMessage: true },
      { status: 202, json: null },
    ]),
    [],
  );
  // Each of these claims to be a message (or is on a slot where one belongs) and breaks the wire model.
  assert.deepEqual(
    audited([
      { status: 403, json: badError },
      { status: 401, json: [badError] },
      { status: 200, json: badError, notMessage: true },
      { status: 200, json: { status: 'ok' } },
      { status: 400, json: { error: 'bad request' } },
    ]),
    [1, 2, 3, 4, 5],
  );
});
