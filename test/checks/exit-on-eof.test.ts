/**
 * stdio/exit-on-eof judges whether a server exits on EOF by itself, not how fast: a shutdown slower than the 2 s many
 * clients wait (or slowed by a loaded machine) is noted, and only a server still running well past that fails. The run's
 * own process is a second witness: a pass on a copy is revised when that process did not exit on EOF.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TargetSpec } from '../../src/core/target-spec.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { exampleStdio, explain, nodeFlags, result, run } from '../support/fixtures.js';
import { tempDir } from '../support/temp-dir.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.extname(fileURLToPath(import.meta.url));
const slowShutdown: TargetSpec = {
  kind: 'stdio',
  command: process.execPath,
  args: [...nodeFlags(), path.join(here, `../fixtures/servers/third-party/slow-shutdown${ext}`)],
};
const firstIgnoresEof = (lock: string): TargetSpec => ({
  kind: 'stdio',
  command: process.execPath,
  args: [...nodeFlags(), path.join(here, `../fixtures/servers/third-party/first-ignores-eof${ext}`), lock],
});
const only = { checks: selectChecks(CHECKS, ['stdio/exit-on-eof']) };

describe('stdio/exit-on-eof', { timeout: 120_000 }, () => {
  it('passes a server that exits 2.2 s after EOF, noting that it is slower than clients wait', async () => {
    const r = await run(slowShutdown, only);
    const x = result(r, 'stdio/exit-on-eof');
    assert.equal(x.status, 'pass', explain(r));
    assert.match(x.message ?? '', /^exited (\d+) ms after stdin closed \(code 0\); slower than the 2000 ms many clients wait before SIGTERM$/);
    assert.ok(Number(/exited (\d+) ms/.exec(x.message ?? '')![1]) >= 2200, x.message);
    assert.equal(r.processesLeft, undefined);
  });

  it('flags a server that stays up until a signal (a SHOULD: warn), and the copy is then ended', async () => {
    const r = await run(exampleStdio('flawed-server/stdio', ['--faults', 'stdio-ignore-eof']), only);
    const x = result(r, 'stdio/exit-on-eof');
    assert.equal(x.status, 'warn', explain(r));
    assert.equal(x.message, 'the server was still running 3000 ms after its stdin was closed');
    assert.equal(r.processesLeft, undefined);
  });

  it("is revised when the run's own process needed SIGTERM although a second copy exited on EOF", async () => {
    const r = await run(firstIgnoresEof(path.join(tempDir('eof-lock-'), 'server.lock')), only);
    const x = result(r, 'stdio/exit-on-eof');
    assert.equal(x.status, 'warn', explain(r));
    assert.match(
      x.message ?? '',
      /^the run's own server process was still running 3500 ms after its stdin was closed, though a second copy exited \d+ ms after stdin closed \(code 0\)$/,
    );
    assert.equal(x.actual, 'still running after 3500 ms; it was then sent SIGTERM');
    assert.equal(r.processesLeft, undefined);
  });
});
