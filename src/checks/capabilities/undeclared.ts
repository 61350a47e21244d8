import { ERROR } from '../../spec/constants.js';
import { errorOf, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

/** Which client capability each MRTR input request needs (DIGEST §e). */
const NEEDS: Record<string, string> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' };
const MAX_TOOLS = 10;

export const undeclaredCapability: CheckDefinition = {
  id: 'capabilities/undeclared-client-capability',
  title: 'a request needing an undeclared client capability gets -32021, never an input request for it',
  level: 'MUST',
  spec: since2026('basic/index#capabilities', 'A server that needs a client capability the request did not declare answers -32021 with data.requiredCapabilities (an object; HTTP 400), and never asks for input the client did not declare.', 2575),
  transports: [...BOTH],
  requires: 'tools',
  async run(t) {
    const callable = (await t.shared.callableTools()).slice(0, MAX_TOOLS);
    if (!callable.length) return t.precondition('no tool is safe to call (none is annotated readOnlyHint: true)', 'Allow tools with --allow-tool GLOB to test this.');
    let exercised = 0;
    for (const { tool, args } of callable) {
      // Declare no client capabilities at all.
      const ex = await t.request('tools/call', { name: tool.name, arguments: args }, { clientCapabilities: {} });
      const err = errorOf(ex);
      if (err?.code === ERROR.missingClientCapability) {
        exercised++;
        const req = (err.data as JsonObject | undefined)?.requiredCapabilities;
        if (!req || typeof req !== 'object' || Array.isArray(req))
          t.fail({ message: `${tool.name}: -32021 without data.requiredCapabilities as an object`, expected: 'data.requiredCapabilities: { "<capability>": {} }', actual: JSON.stringify(err.data ?? null).slice(0, 160), evidence: ex.evidence });
        if (t.transport === 'http' && ex.http?.status !== 400)
          t.fail({ message: `${tool.name}: -32021 with HTTP ${ex.http?.status}`, expected: 'HTTP 400', actual: `HTTP ${ex.http?.status}`, evidence: ex.evidence });
        continue;
      }
      const r = resultOf(ex);
      if (r?.resultType !== 'input_required') continue;
      const asks = Object.values((r.inputRequests ?? {}) as JsonObject)
        .map((q) => (q as JsonObject | null)?.method)
        .filter((m): m is string => typeof m === 'string' && m in NEEDS);
      if (asks.length) {
        exercised++;
        t.fail({
          message: `${tool.name}: asked for ${asks.join(', ')} although the request declared no client capabilities`,
          expected: `error -32021 with data.requiredCapabilities { ${asks.map((m) => NEEDS[m]).join(', ')} }`,
          actual: `input_required asking for ${asks.join(', ')}`,
          evidence: ex.evidence,
        });
      }
    }
    if (!exercised) t.precondition(`none of the ${callable.length} callable tools needs a client capability, so there is nothing to test`);
  },
};
