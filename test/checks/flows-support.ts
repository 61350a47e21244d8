import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StdioTargetSpec, TargetSpec } from '../../src/core/target-spec.js';
import type { TargetReport } from '../../src/core/types.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { startFlowsHttp, type FlowsHttp } from '../fixtures/servers/flows/http.js';
import { nodeFlags, run } from '../support/fixtures.js';

/** The checks of the flows fixture's areas: multi round-trip requests, logging, subscriptions and Tasks. */
export const FLOW_CHECKS = selectChecks(CHECKS, ['mrtr/', 'logging/', 'subscriptions/', 'tasks/']);

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.extname(fileURLToPath(import.meta.url));

/** The flows fixture over stdio, with this Node and its loader flags. */
export function flowsStdio(faults: string[]): StdioTargetSpec {
  return {
    kind: 'stdio',
    command: process.execPath,
    args: [...nodeFlags(), path.join(here, `../fixtures/servers/flows/stdio${ext}`), '--faults', faults.join(',') || 'none'],
  };
}

/** Runs the flow checks on the fixture with one fault over one transport; the HTTP server is closed afterwards. */
export async function runFlows(
  faults: string[],
  transport: 'http' | 'stdio',
  o: { strict?: boolean } = {},
): Promise<{ report: TargetReport; http?: FlowsHttp }> {
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
