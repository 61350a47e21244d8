import { ERROR } from '../../spec/constants.js';
import { errorOf, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { field, str, objects } from '../../spec/read.js';

/** Which client capability each MRTR input request needs (DIGEST §e). */
const NEEDS: Record<string, string> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' };
const MAX_TOOLS = 10;
const MAX_RESOURCES = 3;

/** A request that may need a client capability: the MRTR-eligible methods (DIGEST §e). */
interface Probe {
  label: string;
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  params: JsonObject;
}

export const undeclaredCapability: CheckDefinition = {
  id: 'capabilities/undeclared-client-capability',
  title: 'a request needing an undeclared client capability gets -32021, never an input request for it',
  level: 'MUST',
  spec: since2026(
    'basic/index#capabilities',
    'A server that needs a client capability the request did not declare answers -32021 with data.requiredCapabilities (an object; HTTP 400), and never asks for input the client did not declare.',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'capability-unchecked' },
    { fixture: 'flows', fault: 'prompt-asks-undeclared' },
  ],
  async run(t) {
    const { probes, tools, skippedTools } = await probesOf(t);
    if (!probes.length)
      return t.precondition(
        skippedTools
          ? 'no tool is safe to call (none is annotated readOnlyHint: true), and no prompt or resource is listed'
          : 'the server lists no tool, prompt or resource to request',
        skippedTools ? 'Allow tools with --allow-tool GLOB to test this.' : undefined,
      );
    let exercised = 0;
    for (const p of probes) {
      // Declare no client capabilities at all.
      const ex = await t.request(p.method, p.params, { clientCapabilities: {} });
      const err = errorOf(ex);
      if (err?.code === ERROR.missingClientCapability) {
        exercised++;
        const req = field(err.data, 'requiredCapabilities');
        if (!req || typeof req !== 'object' || Array.isArray(req))
          t.fail({
            message: `${p.label}: -32021 without data.requiredCapabilities as an object`,
            expected: 'data.requiredCapabilities: { "<capability>": {} }',
            actual: JSON.stringify(err.data ?? null).slice(0, 160),
            evidence: ex.evidence,
          });
        if (t.transport === 'http' && ex.http?.status !== 400)
          t.fail({
            message: `${p.label}: -32021 with HTTP ${ex.http?.status}`,
            expected: 'HTTP 400',
            actual: `HTTP ${ex.http?.status}`,
            evidence: ex.evidence,
          });
        continue;
      }
      const r = resultOf(ex);
      if (r?.resultType !== 'input_required') continue;
      // Any object counts, a (malformed) array of requests too, as before.
      const reqs = r.inputRequests;
      const asks = Object.values(typeof reqs === 'object' && reqs !== null ? reqs : {})
        .map((q) => field(q, 'method'))
        .filter((m): m is string => typeof m === 'string' && m in NEEDS);
      if (asks.length) {
        exercised++;
        t.fail({
          message: `${p.label}: asked for ${asks.join(', ')} although the request declared no client capabilities`,
          expected: `error -32021 with data.requiredCapabilities { ${asks.map((m) => NEEDS[m]).join(', ')} }`,
          actual: `input_required asking for ${asks.join(', ')}`,
          evidence: ex.evidence,
        });
      }
    }
    if (!exercised)
      t.precondition(
        `none of ${tools} callable tool(s), ${probes.length - tools} prompt/resource request(s) needs a client capability, so there is nothing to test`,
      );
  },
};

/** Safe tools, the first listed prompt (required arguments filled) and the first few resources. */
async function probesOf(t: CheckContext): Promise<{ probes: Probe[]; tools: number; skippedTools: boolean }> {
  const probes: Probe[] = [];
  let skippedTools = false;
  if (t.shared.offers('tools') !== false) {
    const callable = (await t.shared.callableTools()).slice(0, MAX_TOOLS);
    skippedTools = !callable.length && (await t.shared.tools()).length > 0;
    for (const { tool, args } of callable) probes.push({ label: tool.name, method: 'tools/call', params: { name: tool.name, arguments: args } });
  }
  const tools = probes.length;
  if (t.shared.offers('prompts') !== false) {
    const first = objects((await t.shared.list('prompts/list')).items).find((p) => typeof p.name === 'string');
    const name = str(first?.name);
    if (first && name !== undefined) {
      const args: JsonObject = {};
      for (const a of objects(first.arguments)) if (a.required === true && typeof a.name === 'string') args[a.name] = 'test';
      probes.push({ label: `prompt ${name}`, method: 'prompts/get', params: { name, arguments: args } });
    }
  }
  if (t.shared.offers('resources') !== false) {
    const uris = (await t.shared.list('resources/list')).items.map((r) => field(r, 'uri')).filter((u): u is string => typeof u === 'string');
    for (const uri of uris.slice(0, MAX_RESOURCES)) probes.push({ label: `resource ${uri}`, method: 'resources/read', params: { uri } });
  }
  return { probes, tools, skippedTools };
}
