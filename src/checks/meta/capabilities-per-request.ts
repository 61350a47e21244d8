import { describe, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { newTraceId, traceparent } from '../trace/support.js';
import { field } from '../../spec/read.js';

/** Which client capability each MRTR input request needs (DIGEST §e). */
const NEEDS: Record<string, string> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' };
/** Every client capability a request can declare (DIGEST §b ClientCapabilities). */
const ALL_CAPABILITIES: JsonObject = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };
const MAX_TOOLS = 10;

/** The input requests of an `input_required` result that need a client capability. */
export function capabilityAsks(ex: Exchange): string[] {
  const r = resultOf(ex);
  if (r?.resultType !== 'input_required' || !r.inputRequests || typeof r.inputRequests !== 'object') return [];
  return Object.values(r.inputRequests)
    .map((q) => (q && typeof q === 'object' ? field(q, 'method') : undefined))
    .filter((m): m is string => typeof m === 'string' && m in NEEDS);
}

export const capabilitiesPerRequest: CheckDefinition = {
  id: 'meta/capabilities-per-request',
  title: 'client capabilities declared on an earlier request are not carried over',
  level: 'MUST',
  spec: since2026(
    'basic/index#meta',
    'Client capabilities are declared on each request; a server must not infer them from earlier requests, so a request declaring none never gets input requests for them.',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'capabilities-carried-over' }],
  requires: 'tools',
  slow: 'two calls in turn of every callable tool: a slow tool (10 s in server-everything) makes this the longest chain of the run',
  async run(t) {
    const callable = (await t.shared.callableTools()).slice(0, MAX_TOOLS);
    if (!callable.length)
      return t.precondition('no tool is safe to call (none is annotated readOnlyHint: true)', 'Allow tools with --allow-tool GLOB to test this.');
    let exercised = 0;
    for (const { tool, args } of callable) {
      // One client operation, one trace: a server keying state on the trace, the identity or the connection is caught.
      const traceId = newTraceId();
      const call = (clientCapabilities: JsonObject) =>
        t.request('tools/call', { name: tool.name, arguments: args }, { clientCapabilities, extraMeta: { traceparent: traceparent(traceId) } });
      // A tool that asks for undeclared input on a first request is capabilities/undeclared-client-capability's finding.
      if (capabilityAsks(await call({})).length) continue;
      const declared = await call(ALL_CAPABILITIES);
      const asked = capabilityAsks(declared);
      if (!asked.length) continue;
      exercised++;
      const after = await call({});
      if (after.failure && !after.response) return t.inconclusive(`${tool.name}: ${after.failure.message}`, after.evidence);
      const carried = capabilityAsks(after);
      if (carried.length)
        t.fail({
          message: `${tool.name}: after a request that declared ${asked.map((m) => NEEDS[m]).join(', ')}, a request declaring no capabilities still got ${carried.join(', ')}`,
          expected: `error -32021 naming the capability, or an answer that asks for nothing undeclared`,
          actual: `${describe(after)}: input_required asking for ${carried.join(', ')}`,
          evidence: [...declared.evidence, ...after.evidence],
          hint: 'Read io.modelcontextprotocol/clientCapabilities from each request; never cache them per client, trace or connection.',
        });
    }
    if (!exercised) t.precondition(`none of the ${callable.length} callable tools asks for client input even with every capability declared`);
    else t.note(`${exercised} tool(s) that need a client capability checked`);
  },
};
