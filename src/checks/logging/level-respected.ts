import { META } from '../../spec/constants.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { LOG_LEVELS, logMessages, severity } from './support.js';
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
  // Runs alone, so the log lines it asks for cannot be taken for another check's.
  runsLast: true,
  async run(t) {
    const call = (name: string, args: object, level: string): Promise<Exchange> =>
      t.request('tools/call', { name, arguments: args }, { extraMeta: { [META.logLevel]: level } });
    const loggers: { name: string; args: object; seen: number[]; ex: Exchange }[] = [];
    const tools = (await t.shared.callableTools()).slice(0, MAX_TOOLS);
    for (const { tool, args } of tools) {
      const ex = await call(tool.name, args, 'debug');
      const seen = logMessages(ex.others)
        .map((m) => severity(field(m.params, 'level')))
        .filter((s) => s >= 0);
      if (seen.length) loggers.push({ name: tool.name, args, seen, ex });
    }
    if (!loggers.length)
      t.precondition(`none of ${tools.length} safe tool(s) sent a log message, even with logLevel "debug", so there is no filtering to observe`);
    let judged = 0;
    for (const l of loggers) {
      const min = Math.min(...l.seen);
      const max = Math.max(...l.seen);
      // Ask for the most severe level seen (or the next one up), so some of what was sent at debug must go.
      const threshold = min < max ? max : max + 1;
      if (threshold >= LOG_LEVELS.length) continue;
      const level = LOG_LEVELS[threshold]!;
      const ex = await call(l.name, l.args, level);
      judged++;
      const below = logMessages(ex.others).filter((m) => severity(field(m.params, 'level')) < threshold);
      if (below.length)
        t.fail({
          message: `advice (Logging is deprecated, SEP-2577): ${l.name} with logLevel "${level}" still sent ${below.length} message(s) below that level`,
          expected: `only messages at "${level}" or more severe`,
          actual: below
            .slice(0, 4)
            .map((m) => JSON.stringify(field(m.params, 'level')))
            .join(', '),
          evidence: [...l.ex.evidence, ...ex.evidence],
        });
      else t.note(`${l.name}: logLevel "${level}" honoured`);
    }
    if (!judged) t.precondition('the tools that log only send the most severe level, so there is nothing to filter out');
  },
};
