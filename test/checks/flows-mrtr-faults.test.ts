import { describe, it } from 'node:test';
import { assertTrips, runFlows, type FaultCase } from './flows-support.js';

/** MRTR and logging faults of the flows fixture: each trips exactly its checks, over both transports. */
const CASES: FaultCase[] = [
  { fault: 'mrtr-list-input-required', fail: ['mrtr/input-required-methods-only'] },
  { fault: 'mrtr-irr-empty', fail: ['mrtr/input-required-well-formed'] },
  { fault: 'mrtr-retry-error', warn: ['mrtr/retry-completes'] },
  { fault: 'mrtr-state-unsigned', fail: ['mrtr/tampered-request-state'] },
  { fault: 'mrtr-extra-rejected', warn: ['mrtr/extra-responses-ignored'] },
  { fault: 'mrtr-missing-error', warn: ['mrtr/missing-responses-reasked'] },
  { fault: 'mrtr-malformed-accepted', warn: ['mrtr/malformed-input-responses'] },
  { fault: 'log-without-level', fail: ['logging/no-message-without-loglevel'] },
  { fault: 'log-level-ignored', warn: ['logging/level-respected'] },
];

describe('flows fixture: MRTR and logging faults trip exactly their checks', { concurrency: 4 }, () => {
  for (const c of CASES)
    for (const transport of ['http', 'stdio'] as const)
      it(`${c.fault} over ${transport}`, async () => {
        const { report } = await runFlows([c.fault], transport);
        assertTrips(report, c);
      });
});
