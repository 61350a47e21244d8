import { META } from '../../spec/constants.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { callEach, LOG_LEVELS, logMessages, severity } from './support.js';
import { field } from '../../spec/read.js';

const MAX_TOOLS = 5;

export const logLevelRespected: CheckDefinition = {
  id: 'logging/level-respected',
  title: 'log messages respect the logLevel the request asked for (Logging is deprecated: advice)',
  level: 'SHOULD',
  advice: true,
  spec: since2026(
    'server/utilities/logging',
    'Logging is deprecated (SEP-2577) but still specified: a request sets its minimum level with _meta io.modelcontextprotocol/logLevel, and the server sends only messages at that severity or above.',
    2577,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'log-level-ignored' }],
  // Over stdio it runs alone, so the log lines it asks for cannot be taken for another check's; over HTTP they come on
  // each call's own stream, so its calls go out while the listen windows are still open.
  runsLast: true,
  startsEarlyOverHttp: true,
  async run(t) {
    const call = (name: string, args: object, level: string): Promise<Exchange> =>
      t.request('tools/call', { name, arguments: args }, { extraMeta: { [META.logLevel]: level } });
    const tools = (await t.shared.callableTools()).slice(0, MAX_TOOLS);
    const loggers = (
      await callEach(t, tools, async ({ tool, args }) => {
        const ex = await call(tool.name, args, 'debug');
        const seen = logMessages(ex.others)
          .map((m) => severity(field(m.params, 'level')))
          .filter((s) => s >= 0);
        return { name: tool.name, args, seen, ex };
      })
    ).filter((l) => l.seen.length);
    if (!loggers.length)
      t.precondition(`none of ${tools.length} safe tool(s) sent a log message, even with logLevel "debug", so there is no filtering to observe`);
    // Ask each for the most severe level it sent (or the next one up), so some of what was sent at debug must go.
    const asked = loggers
      .map((l) => {
        const max = Math.max(...l.seen);
        return { ...l, threshold: Math.min(...l.seen) < max ? max : max + 1 };
      })
      .filter((l) => l.threshold < LOG_LEVELS.length);
    const judged = await callEach(t, asked, async (l) => ({
      ...l,
      level: LOG_LEVELS[l.threshold]!,
      again: await call(l.name, l.args, LOG_LEVELS[l.threshold]!),
    }));
    for (const { name, threshold, level, ex, again } of judged) {
      const below = logMessages(again.others).filter((m) => severity(field(m.params, 'level')) < threshold);
      if (below.length)
        t.fail({
          message: `advice (Logging is deprecated, SEP-2577): ${name} with logLevel "${level}" still sent ${below.length} message(s) below that level`,
          expected: `only messages at "${level}" or more severe`,
          actual: below
            .slice(0, 4)
            .map((m) => JSON.stringify(field(m.params, 'level')))
            .join(', '),
          evidence: [...ex.evidence, ...again.evidence],
        });
      else t.note(`${name}: logLevel "${level}" honoured`);
    }
    if (!judged.length) t.precondition('the tools that log only send the most severe level, so there is nothing to filter out');
  },
};
