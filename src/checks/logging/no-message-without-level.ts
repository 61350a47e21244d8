import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { callEach, describeLogs, unsolicitedLogs } from './support.js';

const MAX_TOOLS = 5;

export const noMessageWithoutLogLevel: CheckDefinition = {
  id: 'logging/no-message-without-loglevel',
  title: 'no notifications/message for a request that did not set io.modelcontextprotocol/logLevel',
  level: 'MUST',
  spec: since2026(
    'basic/index#meta',
    'Log messages are opted into per request through _meta io.modelcontextprotocol/logLevel; without it the server sends no notifications/message for that request, and never on a subscriptions/listen stream.',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flows', fault: 'listen-log-on-stream' },
    { fixture: 'flows', fault: 'log-without-level' },
  ],
  // Judges every message of the run, so it goes after the checks that make them; over HTTP its own calls go out
  // while the listen windows are still open, and only the judging waits for its turn.
  runsLast: true,
  startsEarlyOverHttp: true,
  async run(t) {
    // A few calls of its own, so the check means something when run alone.
    await callEach(t, (await t.shared.callableTools()).slice(0, MAX_TOOLS), ({ tool, args }) => t.request('tools/call', { name: tool.name, arguments: args }));
    await t.atTurn();
    const scan = unsolicitedLogs(t.client.recorder.entries);
    if (!scan.inspected) t.inconclusive('the server sent no message to inspect');
    if (scan.violations.length)
      t.fail({
        message: `${scan.violations.length} notifications/message arrived for requests that did not set io.modelcontextprotocol/logLevel`,
        expected: 'no notifications/message unless the request opted in with _meta io.modelcontextprotocol/logLevel',
        actual: describeLogs(scan.violations),
        evidence: scan.violations.slice(0, 50).map((e) => e.seq),
        hint: 'Logging is per request now (logging/setLevel is gone): send logs only when the request carries logLevel, at that level or above; otherwise write them to stderr or OpenTelemetry.',
      });
    else t.note(`${scan.inspected} server messages inspected; no unsolicited notifications/message`);
  },
};
