import { describe } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { since2026 } from '../support/spec.js';
import { CLIENT_EOF_WAIT_MS, EOF_CHECK, EOF_EXIT_BOUND_MS, freshCopy } from './support.js';

export const stdioExitOnEof: CheckDefinition = {
  id: EOF_CHECK,
  title: 'the server exits when its stdin is closed',
  level: 'SHOULD',
  spec: since2026(
    'basic/transports/stdio#shutdown',
    "To shut down, the client closes the server's stdin, waits, then signals; the server SHOULD exit on that EOF by itself.",
  ),
  transports: ['stdio'],
  trippedBy: [{ fixture: 'flawed-server', fault: 'stdio-ignore-eof' }],
  async run(t) {
    // A second copy of the server (the one removed/initialize asks first), so the run's own process keeps serving.
    const watch = (await freshCopy(t)).eof();
    if (!watch) return t.precondition('not a stdio target');
    const o = await watch;
    if (!o.alive.response) t.inconclusive(`a second copy of the server did not answer server/discover (${describe(o.alive)})`, o.alive.evidence);
    if (o.exitedEarly) t.inconclusive('the second copy of the server exited on its own before its stdin was closed', o.alive.evidence);
    if (o.exit) {
      const slow = o.waitedMs > CLIENT_EOF_WAIT_MS ? `; slower than the ${CLIENT_EOF_WAIT_MS} ms many clients wait before SIGTERM` : '';
      return t.note(`exited ${o.waitedMs} ms after stdin closed (${o.exit.signal ?? `code ${String(o.exit.code)}`})${slow}`);
    }
    t.fail({
      message: `the server was still running ${EOF_EXIT_BOUND_MS} ms after its stdin was closed`,
      expected: `exit within ${EOF_EXIT_BOUND_MS} ms of EOF on stdin`,
      actual: `still running after ${o.waitedMs} ms; it was then sent SIGTERM`,
      evidence: o.alive.evidence,
      hint: 'Exit when stdin ends (e.g. on the readline "close" event); clients otherwise have to kill the process.',
    });
  },
};
