import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { FAULTS } from '../../examples/flawed-server/faults.js';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { CHECKS, selectChecks, type CheckDefinition, type FaultTrip } from '../../src/checks/index.js';
import type { TargetSpec } from '../../src/core/target-spec.js';
import type { TargetReport, TransportKind } from '../../src/core/types.js';
import { AUTH_FAULTS, startProtectedServer } from '../fixtures/servers/auth/server.js';
import { FLOW_FAULTS } from '../fixtures/servers/flows/faults.js';
import { startFlowsHttp } from '../fixtures/servers/flows/http.js';
import { LEGACY_FAULTS } from '../fixtures/servers/legacy/faults.js';
import { startLegacyHttp } from '../fixtures/servers/legacy/http.js';
import { exampleStdio, explain, nodeFlags, run } from './fixtures.js';

export type FixtureName = FaultTrip['fixture'];

/** A broken fixture server whose fault switches the checks declare (`trippedBy`), and how a fault run is judged. */
export interface FaultFixture {
  name: FixtureName;
  /** Every fault switch, with what it breaks. */
  faults: Readonly<Record<string, string>>;
  /** Faults that make the server unusable rather than wrong: they prove bounded waits (test/hostile), no check declares them. */
  hostile: readonly string[];
  transports: readonly TransportKind[];
  /** The checks a fault run judges: exactly those among them that declare the fault miss, every other one passes or skips. */
  judged: readonly CheckDefinition[];
  /** Each check that misses also says what it expected. */
  saysExpected: boolean;
  /** Runs `checks` on the fixture with `faults` switched on, over one transport; the server is closed afterwards. */
  assay(faults: string[], transport: TransportKind, checks: readonly CheckDefinition[]): Promise<TargetReport>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.extname(fileURLToPath(import.meta.url));
const fixtureStdio = (dir: string, faults: string[]): TargetSpec => ({
  kind: 'stdio',
  command: process.execPath,
  args: [...nodeFlags(), path.join(here, `../fixtures/servers/${dir}/stdio${ext}`), '--faults', faults.join(',') || 'none'],
});

async function overHttp<S extends { url: string; close(): Promise<void> }>(server: S, go: (s: S) => Promise<TargetReport>): Promise<TargetReport> {
  try {
    return await go(server);
  } finally {
    await server.close();
  }
}

const FLAWED: FaultFixture = {
  name: 'flawed-server',
  faults: FAULTS,
  hostile: ['huge-body', 'endless-sse', 'hang', 'die-mid-run'],
  transports: ['http', 'stdio'],
  // The wire audit sees most faults too; it declares its own trips, judged one by one (see fault-matrix.ts).
  judged: selectChecks(CHECKS, [], ['wire/']),
  saysExpected: false,
  assay: async (faults, transport, checks) => {
    if (transport === 'stdio') return run(exampleStdio('flawed-server/stdio', ['--faults', faults.join(',') || 'none']), { checks, contracts: false });
    return overHttp(await startFlawedHttp({ faults, port: 0 }), async (s) => {
      const r = await run({ kind: 'http', url: s.url }, { checks, contracts: false });
      // Only safely callable tools are ever sent: the destructive and the writing tool stay uncalled.
      assert.deepEqual([s.toolCalls()['delete_city'], s.toolCalls()['tag_city']], [undefined, undefined], explain(r));
      return r;
    });
  },
};

const FLOWS: FaultFixture = {
  name: 'flows',
  faults: FLOW_FAULTS,
  hostile: [],
  transports: ['http', 'stdio'],
  judged: selectChecks(CHECKS, ['mrtr/', 'logging/', 'subscriptions/', 'tasks/', 'capabilities/']),
  saysExpected: false,
  assay: async (faults, transport, checks) => {
    if (transport === 'stdio') return run(fixtureStdio('flows', faults), { checks });
    return overHttp(await startFlowsHttp({ faults, port: 0 }), (s) => run({ kind: 'http', url: s.url }, { checks }));
  },
};

const LEGACY: FaultFixture = {
  name: 'legacy',
  faults: LEGACY_FAULTS,
  hostile: [],
  transports: ['http', 'stdio'],
  judged: selectChecks(CHECKS, ['legacy/']),
  saysExpected: false,
  assay: async (faults, transport, checks) => {
    const graded = (r: TargetReport) => {
      assert.equal(r.era, 'legacy', explain(r));
      assert.deepEqual(
        r.results.filter((x) => x.status === 'precondition-failed').map((x) => x.checkId),
        [],
        explain(r),
      );
      return r;
    };
    if (transport === 'stdio') return graded(await run(fixtureStdio('legacy', faults), { checks }));
    return overHttp(await startLegacyHttp({ faults }), async (s) => graded(await run({ kind: 'http', url: s.url }, { checks })));
  },
};

const AUTH: FaultFixture = {
  name: 'auth',
  faults: AUTH_FAULTS,
  hostile: [],
  transports: ['http'],
  judged: selectChecks(CHECKS, ['auth/']),
  saysExpected: true,
  assay: async (faults, _transport, checks) =>
    overHttp(await startProtectedServer({ faults }), (s) =>
      run(
        { kind: 'http', url: s.url, headers: { Authorization: `Bearer ${s.tokens.valid}` } },
        { checks, auth: { otherAudienceToken: s.tokens.otherAudience, expiredToken: s.tokens.expired } },
      ),
    ),
};

/** Every fixture a check may name in `trippedBy`. */
export const FAULT_FIXTURES: Readonly<Record<FixtureName, FaultFixture>> = { 'flawed-server': FLAWED, flows: FLOWS, legacy: LEGACY, auth: AUTH };
