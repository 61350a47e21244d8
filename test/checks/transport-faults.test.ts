import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { FAULTS } from '../../examples/flawed-server/faults.js';
import { TRIPS } from '../support/fault-matrix.js';
import { TRANSPORT_PROBES, TRANSPORT_STDIO_ONLY } from './transport-fault-probes.js';

/** Transport faults older than the server-level probes: the fault matrix alone proves them. */
const WITHOUT_PROBE = ['headers-method-unchecked', 'headers-name-unchecked', 'headers-wrong-code', 'stdout-garbage'];
/** Flawed-server faults that the given areas' checks declare (the fault matrix runs them). */
const declaredIn = (areas: RegExp) => new Set(TRIPS.filter((t) => t.fixture === 'flawed-server' && areas.test(t.check.id)).map((t) => t.fault));

describe('each transport fault changes the behaviour it names (server-level probes)', () => {
  it('has a probe or a stdio-only mark for every fault in the table, and every one is a known fault', () => {
    const probed = [...Object.keys(TRANSPORT_PROBES), ...TRANSPORT_STDIO_ONLY];
    // Every HTTP-header, HTTP-transport and stdio fault has one; removed-method faults may.
    const needed = [...declaredIn(/^(http-headers|http-transport|stdio)\//)].filter((f) => !WITHOUT_PROBE.includes(f));
    assert.deepEqual(
      needed.filter((f) => !probed.includes(f)),
      [],
    );
    const transport = declaredIn(/^(http-headers|removed|http-transport|stdio)\//);
    assert.deepEqual(
      probed.filter((f) => !transport.has(f) || !Object.hasOwn(FAULTS, f)),
      [],
    );
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
