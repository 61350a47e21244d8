import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { undeclaredCapability } from '../../src/checks/capabilities/undeclared.js';
import type { TargetReport } from '../../src/core/types.js';
import { startFlowsHttp } from '../fixtures/servers/flows/http.js';
import { explain, result, run } from '../support/fixtures.js';
import { FLOW_CHECKS, flowsStdio } from './flows-support.js';

const CHECKS = [...FLOW_CHECKS, undeclaredCapability];

/** The flows fixture under the flow checks plus the capability check, one transport; the HTTP server is closed after. */
async function runWithCapabilities(faults: string[], transport: 'http' | 'stdio'): Promise<TargetReport> {
  if (transport === 'stdio') return run(flowsStdio(faults), { checks: CHECKS });
  const http = await startFlowsHttp({ faults, port: 0 });
  try {
    return await run({ kind: 'http', url: http.url }, { checks: CHECKS });
  } finally {
    await http.close();
  }
}

/** Capability gating beyond tools/call: prompts/get and resources/read must not ask for undeclared input (MRTR §server rules). */
describe('flows fixture: the capability check names the prompt that asks for undeclared input', { concurrency: 2 }, () => {
  for (const transport of ['http', 'stdio'] as const)
    it(`prompt-asks-undeclared over ${transport} (its trip is proven by the fault matrix)`, async () => {
      const r = await runWithCapabilities(['prompt-asks-undeclared'], transport);
      assert.equal(result(r, 'capabilities/undeclared-client-capability').status, 'fail', explain(r));
      // The tools gate correctly (-32021), so only the prompt can be the culprit.
      assert.match(result(r, 'capabilities/undeclared-client-capability').message ?? '', /^prompt briefing: asked for elicitation\/create/, explain(r));
    });

  for (const transport of ['http', 'stdio'] as const)
    it(`no faults over ${transport}: the capability check passes, exercised by the gated tools`, async () => {
      const r = await runWithCapabilities([], transport);
      assert.equal(result(r, 'capabilities/undeclared-client-capability').status, 'pass', explain(r));
    });
});
