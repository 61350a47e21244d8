import { McpClient, describe } from '../../target/client.js';
import { openTransport } from '../../target/open.js';
import { StdioTransport } from '../../target/stdio.js';
import type { CheckDefinition } from '../types.js';
import { since2026 } from '../support/spec.js';

/** Inside the transport's own grace before SIGTERM (2 s), so an exit seen here came from EOF alone. */
export const EOF_EXIT_BOUND_MS = 1500;
const POLL_MS = 25;

export const stdioExitOnEof: CheckDefinition = {
  id: 'stdio/exit-on-eof',
  title: 'the server exits when its stdin is closed',
  level: 'SHOULD',
  spec: since2026(
    'basic/transports/stdio#shutdown',
    "To shut down, the client closes the server's stdin, waits, then signals; the server SHOULD exit on that EOF by itself.",
  ),
  transports: ['stdio'],
  trippedBy: [{ fixture: 'flawed-server', fault: 'stdio-ignore-eof' }],
  async run(t) {
    // A second copy of the server, so the run's own process keeps serving the other checks.
    const second = openTransport(t.spec, t.client.recorder);
    if (!(second instanceof StdioTransport)) {
      await second.close();
      return t.precondition('not a stdio target');
    }
    let closing: Promise<void> | undefined;
    try {
      const client = new McpClient(second, t.client.recorder, {
        timeoutMs: t.timeouts.respawnRequest,
        phase: t.checkId,
        ...(t.client.defaults.signal ? { signal: t.client.defaults.signal } : {}),
      });
      const ex = await client.request('server/discover', {});
      if (!ex.response) t.inconclusive(`a second copy of the server did not answer server/discover (${describe(ex)})`, ex.evidence);
      if (second.exit) t.inconclusive('the second copy of the server exited on its own before its stdin was closed', ex.evidence);
      const t0 = performance.now();
      closing = second.close();
      while (!second.exit && performance.now() - t0 < EOF_EXIT_BOUND_MS) await new Promise((r) => setTimeout(r, POLL_MS));
      const waited = Math.round(performance.now() - t0);
      if (second.exit) return t.note(`exited ${waited} ms after stdin closed (${second.exit.signal ?? `code ${String(second.exit.code)}`})`);
      t.fail({
        message: `the server was still running ${EOF_EXIT_BOUND_MS} ms after its stdin was closed`,
        expected: `exit within ${EOF_EXIT_BOUND_MS} ms of EOF on stdin`,
        actual: `still running after ${waited} ms; it was then sent SIGTERM`,
        evidence: ex.evidence,
        hint: 'Exit when stdin ends (e.g. on the readline "close" event); clients otherwise have to kill the process.',
      });
    } finally {
      // Always ends the process: EOF, then SIGTERM, then SIGKILL (the transport's shutdown sequence).
      await (closing ?? second.close());
    }
  },
};
