import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp, type FlawedHttp } from '../../examples/flawed-server/http.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import type { TargetSpec } from '../../src/core/target-spec.js';
import { FAULTS } from '../../examples/flawed-server/faults.js';
import { byStatus, exampleStdio, explain, run } from '../support/fixtures.js';
import { assertTrips } from '../support/fault-cases.js';
import { TRANSPORT_PROBES, TRANSPORT_STDIO_ONLY } from './transport-fault-probes.js';

// The wire audit sees some faults too; the matrix judges the specific checks, as the main fault table does.
const SPECIFIC = selectChecks(CHECKS, [], ['wire/']);
const OURS = new Set(selectChecks(CHECKS, ['http-headers/', 'removed/', 'http-transport/', 'stdio/']).map((c) => c.id));

interface Case {
  fault: string;
  fail?: string[];
  warn?: string[];
  transports?: ('http' | 'stdio')[];
}

const REMOVED = ['removed/logging-set-level', 'removed/ping', 'removed/resources-subscribe', 'removed/resources-unsubscribe'];
const HTTP: Case['transports'] = ['http'];

/** Each new transport fault trips exactly its checks, across the whole catalogue (no collateral failures). */
const CASES: Case[] = [
  { fault: 'headers-version-optional', fail: ['http-headers/protocol-version-missing'], transports: HTTP },
  { fault: 'headers-version-unchecked', fail: ['http-headers/protocol-version-mismatch'], transports: HTTP },
  { fault: 'headers-name-case-sensitive', fail: ['http-headers/name-case-insensitive'], transports: HTTP },
  { fault: 'headers-method-case-insensitive', fail: ['http-headers/method-value-case'], transports: HTTP },
  { fault: 'headers-whitespace-rejected', warn: ['http-headers/value-whitespace'], transports: HTTP },
  { fault: 'headers-base64-undecoded', fail: ['http-headers/name-base64'], transports: HTTP },
  { fault: 'param-missing-accepted', fail: ['http-headers/param-missing'], transports: HTTP },
  { fault: 'param-mismatch-accepted', fail: ['http-headers/param-mismatch'], transports: HTTP },
  { fault: 'param-invalid-accepted', fail: ['http-headers/param-invalid'], transports: HTTP },
  { fault: 'param-base64-undecoded', fail: ['http-headers/param-match'], transports: HTTP },
  { fault: 'param-null-expected', fail: ['http-headers/param-absent'], transports: HTTP },
  { fault: 'param-integer-as-string', warn: ['http-headers/param-integer-numeric'], transports: HTTP },
  { fault: 'x-mcp-header-invalid', fail: ['http-headers/param-declarations'] },
  { fault: 'removed-methods-served', fail: REMOVED },
  { fault: 'initialize-wrong-code', fail: ['removed/initialize'] },
  { fault: 'http-old-verbs-served', warn: ['http-transport/get-delete-405'], transports: HTTP },
  { fault: 'session-id-minted', warn: ['http-transport/no-session-id'], transports: HTTP },
  { fault: 'session-id-enforced', warn: ['http-transport/session-id-ignored'], transports: HTTP },
  { fault: 'notification-200', fail: ['http-transport/notification-202'], transports: HTTP },
  { fault: 'error-id-missing', fail: ['http-transport/error-carries-id'], transports: HTTP },
  { fault: 'origin-unchecked', fail: ['http-transport/origin-validated'], transports: HTTP },
  { fault: 'host-unchecked', warn: ['http-transport/host-validated'], transports: HTTP },
  { fault: 'sse-server-request', fail: ['http-transport/sse-no-server-requests'], transports: HTTP },
  { fault: 'sse-stream-open', warn: ['http-transport/sse-stream-ends'], transports: HTTP },
  { fault: 'sse-no-accel-buffering', warn: ['http-transport/sse-accel-buffering'], transports: HTTP },
  { fault: 'stdio-server-request', fail: ['stdio/no-server-requests'], transports: ['stdio'] },
  { fault: 'stdio-request-before-result', fail: ['stdio/no-server-requests'], transports: ['stdio'] },
  { fault: 'stdio-ignore-eof', warn: ['stdio/exit-on-eof'], transports: ['stdio'] },
];

/** Faults that existed before these checks and rightly trip some of them too (only this family is judged). */
const EARLIER: Case[] = [
  { fault: 'headers-method-unchecked', fail: ['http-headers/method-value-case'], transports: HTTP },
  { fault: 'headers-name-unchecked', fail: ['http-headers/name-base64'], transports: HTTP },
  {
    fault: 'headers-wrong-code',
    fail: [
      'http-headers/method-value-case',
      'http-headers/name-base64',
      'http-headers/param-invalid',
      'http-headers/param-mismatch',
      'http-headers/param-missing',
      'http-headers/protocol-version-mismatch',
      'http-headers/protocol-version-missing',
    ],
    transports: HTTP,
  },
  { fault: 'unknown-method-wrong', fail: ['removed/initialize', ...REMOVED] },
];

const servers: FlawedHttp[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function target(transport: 'http' | 'stdio', faults: string[]): Promise<{ spec: TargetSpec; server?: FlawedHttp }> {
  if (transport === 'stdio') return { spec: exampleStdio('flawed-server/stdio', ['--faults', faults.length ? faults.join(',') : 'none']) };
  const server = await startFlawedHttp({ faults, port: 0 });
  servers.push(server);
  return { spec: { kind: 'http', url: server.url }, server };
}

function only(ids: string[]): string[] {
  return ids.filter((id) => OURS.has(id));
}

describe('each transport fault of the flawed server trips exactly its checks', () => {
  for (const c of CASES) {
    for (const transport of c.transports ?? (['http', 'stdio'] as const)) {
      it(`${c.fault} over ${transport}`, async () => {
        const { spec, server } = await target(transport, [c.fault]);
        const r = await run(spec, { checks: SPECIFIC });
        assertTrips(r, c);
        // Only safely callable tools are ever sent: the destructive and the writing tool stay uncalled.
        if (server) assert.deepEqual([server.toolCalls()['delete_city'], server.toolCalls()['tag_city']], [undefined, undefined]);
      });
    }
  }
});

describe('earlier faults that also break a transport requirement', () => {
  for (const c of EARLIER) {
    for (const transport of c.transports ?? (['http', 'stdio'] as const)) {
      it(`${c.fault} over ${transport}`, async () => {
        const r = await run((await target(transport, [c.fault])).spec, { checks: SPECIFIC });
        assert.deepEqual(only(byStatus(r, 'fail')), (c.fail ?? []).slice().sort(), explain(r));
        assert.deepEqual(only(byStatus(r, 'warn', 'error', 'inconclusive')), [], explain(r));
      });
    }
  }
});

describe('each transport fault changes the behaviour it names (server-level probes)', () => {
  it('has a probe or a stdio-only mark for every fault in the table, and every one is a known fault', () => {
    const table = CASES.map((c) => c.fault).sort();
    assert.deepEqual([...Object.keys(TRANSPORT_PROBES), ...TRANSPORT_STDIO_ONLY].sort(), table);
    assert.deepEqual(table.filter((f) => !Object.hasOwn(FAULTS, f)), []);
  });

  for (const [fault, probe] of Object.entries(TRANSPORT_PROBES)) {
    it(fault, async () => {
      const on = await startFlawedHttp({ faults: [fault], port: 0 });
      const off = await startFlawedHttp({ faults: [], port: 0 });
      try {
        await probe(on);
        // The same probe must fail on the correct server, or it would not tell the fault apart.
        await assert.rejects(probe(off), assert.AssertionError, `${fault} probe passes without the fault`);
      } finally {
        await Promise.all([on.close(), off.close()]);
      }
    });
  }
});
