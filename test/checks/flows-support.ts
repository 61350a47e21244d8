import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import type { StdioTargetSpec, TargetSpec } from '../../src/core/target-spec.js';
import type { TargetReport } from '../../src/core/types.js';
import { FLOW_CHECKS } from '../../src/checks/families/flows.js';
import { startFlowsHttp, type FlowsHttp } from '../fixtures/servers/flows/http.js';
import { byStatus, explain, nodeFlags, result, run } from '../support/fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.extname(fileURLToPath(import.meta.url));

/** The flows fixture over stdio, with this Node and its loader flags. */
export function flowsStdio(faults: string[]): StdioTargetSpec {
  return { kind: 'stdio', command: process.execPath, args: [...nodeFlags(), path.join(here, `../fixtures/servers/flows/stdio${ext}`), '--faults', faults.join(',') || 'none'] };
}

export interface FaultCase {
  fault: string;
  fail?: string[];
  warn?: string[];
}

/** Runs the flow checks on the fixture with one fault over one transport; the HTTP server is closed afterwards. */
export async function runFlows(faults: string[], transport: 'http' | 'stdio', o: { strict?: boolean } = {}): Promise<{ report: TargetReport; http?: FlowsHttp }> {
  let http: FlowsHttp | undefined;
  let spec: TargetSpec;
  if (transport === 'http') {
    http = await startFlowsHttp({ faults, port: 0 });
    spec = { kind: 'http', url: http.url };
  } else spec = flowsStdio(faults);
  try {
    return { report: await run(spec, { checks: FLOW_CHECKS, strict: o.strict ?? false }), ...(http ? { http } : {}) };
  } finally {
    await http?.close();
  }
}

/** Exactly the named checks fail or warn, each explaining itself with wire evidence; nothing errs. */
export function assertTrips(r: TargetReport, c: FaultCase): void {
  assert.equal(r.outcome, 'completed', explain(r));
  assert.deepEqual(byStatus(r, 'fail'), (c.fail ?? []).slice().sort(), explain(r));
  assert.deepEqual(byStatus(r, 'warn'), (c.warn ?? []).slice().sort(), explain(r));
  assert.deepEqual(byStatus(r, 'error', 'inconclusive'), [], explain(r));
  for (const id of [...(c.fail ?? []), ...(c.warn ?? [])]) {
    const x = result(r, id);
    assert.ok(x.message && x.message.length > 10, `${id} explains itself`);
    assert.ok(x.evidence?.length, `${id} cites wire evidence`);
    for (const seq of x.evidence ?? []) assert.ok(r.wire.some((e) => e.seq === seq), `${id}: evidence #${seq} is in the wire record`);
  }
}
