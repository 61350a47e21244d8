import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TargetSpec } from '../../src/core/target-spec.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { explain, nodeFlags, result, run } from '../support/fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.extname(fileURLToPath(import.meta.url));
const numericIds: TargetSpec = {
  kind: 'stdio',
  command: process.execPath,
  args: [...nodeFlags(), path.join(here, `../fixtures/servers/third-party/numeric-ids${ext}`)],
};

// The first-start allowance is far longer than this test may take: a run that waited for the unanswered 2025
// handshake (its id is a string, which this server drops) would outlive the test's timeout.
describe('a 2025 handshake begun ahead and not needed is given up, not waited for', { timeout: 120_000 }, () => {
  it('a server whose refusal carries a foreign id ends the run without waiting on its silent initialize copy', async () => {
    const r = await run(numericIds, { checks: selectChecks(CHECKS, ['wire/', 'discover/']), startupTimeoutMs: 600_000, deadlineMs: 600_000 });
    assert.equal(result(r, 'wire/id-correlation').status, 'fail', explain(r));
    assert.match(r.eraReason ?? '', /^undecided: .*id -32603/, explain(r));
    assert.equal(r.processesLeft, undefined);
  });
});
