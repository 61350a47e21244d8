import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { FAULTS } from '../../examples/flawed-server/faults.js';
import { SURFACE_PROBES, type Probe } from './surface-probes.js';

describe('each surface fault changes the behaviour it names (HTTP wire probes)', () => {
  it('probes only known faults', () => {
    for (const fault of Object.keys(SURFACE_PROBES)) assert.ok(Object.hasOwn(FAULTS, fault), fault);
  });

  const withServer = async (faults: string[], probe: Probe) => {
    const server = await startFlawedHttp({ faults, port: 0 });
    try {
      await probe(server);
    } finally {
      await server.close();
    }
  };

  for (const [fault, probe] of Object.entries(SURFACE_PROBES)) {
    it(fault, async () => {
      await withServer([fault], probe);
      await assert.rejects(withServer([], probe), assert.AssertionError, `${fault} probe passes without the fault`);
    });
  }
});
