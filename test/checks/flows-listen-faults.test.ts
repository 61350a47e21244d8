import { describe, it } from 'node:test';
import { assertTrips, runFlows, type FaultCase } from './flows-support.js';

/** subscriptions/listen and Tasks faults of the flows fixture: each trips exactly its checks, over both transports. */
const CASES: FaultCase[] = [
  { fault: 'listen-no-ack', fail: ['subscriptions/ack-first'] },
  { fault: 'listen-ack-late', fail: ['subscriptions/ack-first'] },
  { fault: 'listen-untagged', fail: ['subscriptions/notifications-tagged'] },
  { fault: 'listen-id-as-string', fail: ['subscriptions/notifications-tagged'] },
  { fault: 'listen-filter-ignored', fail: ['subscriptions/filter-honoured'] },
  { fault: 'listen-ack-overclaims', fail: ['subscriptions/filter-honoured'] },
  // A log line on the listen stream breaks the filter and the logLevel opt-in at once.
  { fault: 'listen-log-on-stream', fail: ['logging/no-message-without-loglevel', 'subscriptions/filter-honoured'] },
  { fault: 'tasks-bad-status', fail: ['tasks/lifecycle'] },
  { fault: 'task-not-durable', fail: ['tasks/lifecycle'] },
  { fault: 'tasks-unknown-id-wrong-code', fail: ['tasks/unknown-task-id'] },
  { fault: 'tasks-undeclared-served', fail: ['tasks/requires-extension-declared'] },
  { fault: 'tasks-legacy-methods', fail: ['tasks/removed-methods'] },
  { fault: 'task-without-extension', fail: ['tasks/no-task-without-extension'] },
];

describe('flows fixture: subscription and task faults trip exactly their checks', { concurrency: 4 }, () => {
  for (const c of CASES)
    for (const transport of ['http', 'stdio'] as const)
      it(`${c.fault} over ${transport}`, async () => {
        const { report } = await runFlows([c.fault], transport);
        assertTrips(report, c);
      });
});
