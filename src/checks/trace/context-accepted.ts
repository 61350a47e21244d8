import { isDeepStrictEqual } from 'node:util';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { traceMeta } from './support.js';
import { field } from '../../spec/read.js';

/** What a request was answered with, stripped of what may differ per answer (_meta, cache hints, timing). */
function shapeOf(method: string, ex: Exchange): unknown {
  const r = resultOf(ex);
  if (!r) return { error: errorOf(ex)?.code ?? describe(ex) };
  // The set of tools, not their order: order stability is tools/list-order-stable's business.
  if (method === 'tools/list') return { tools: (Array.isArray(r.tools) ? r.tools : []).map((x) => String(field(x, 'name'))).sort() };
  if (method === 'server/discover') return { versions: r.supportedVersions, capabilities: r.capabilities };
  return { resultType: r.resultType ?? 'complete', isError: r.isError === true };
}

export const traceContextAccepted: CheckDefinition = {
  id: 'trace/context-accepted',
  title: 'requests carrying W3C traceparent, tracestate and baggage in _meta are served as without them',
  level: 'MUST',
  spec: since2026(
    'basic/index#meta',
    'traceparent, tracestate and baggage are defined _meta keys (W3C Trace Context and Baggage formats); a request carrying valid values is a valid request and is served like one without them.',
    414,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'trace-context-rejected' }],
  async run(t) {
    const pairs: { label: string; method: string; plain: Exchange; traced: Exchange }[] = [];
    const trace = traceMeta();
    const listMethod = t.shared.offers('tools') !== false ? 'tools/list' : 'server/discover';
    const plainList = listMethod === 'tools/list' ? (await t.shared.list('tools/list')).pages[0] : await t.shared.discover();
    if (plainList) pairs.push({ label: listMethod, method: listMethod, plain: plainList, traced: await t.request(listMethod, {}, { extraMeta: trace }) });
    // The spec's own example puts traceparent on a tools/call.
    const callable = t.shared.offers('tools') !== false ? (await t.shared.callableTools())[0] : undefined;
    if (callable) {
      const params = { name: callable.tool.name, arguments: callable.args };
      const plain = await t.request('tools/call', params);
      pairs.push({
        label: `tools/call ${callable.tool.name}`,
        method: 'tools/call',
        plain,
        traced: await t.request('tools/call', params, { extraMeta: traceMeta() }),
      });
    }
    let compared = 0;
    for (const { label, method, plain, traced } of pairs) {
      if (traced.failure && !traced.response) return t.inconclusive(`${label} with trace context: ${traced.failure.message}`, traced.evidence);
      if (!plain.response) continue;
      compared++;
      const [a, b] = [shapeOf(method, plain), shapeOf(method, traced)];
      if (!isDeepStrictEqual(a, b))
        t.fail({
          message: `${label} with traceparent, tracestate and baggage in _meta was answered differently: ${describe(traced)}`,
          expected: `the same answer as without them: ${JSON.stringify(a).slice(0, 120)}`,
          actual: JSON.stringify(b).slice(0, 160),
          evidence: [...plain.evidence, ...traced.evidence],
          hint: 'Accept the W3C trace keys in _meta (pass them to your tracer or ignore them); they are the sanctioned unprefixed keys.',
        });
    }
    if (!compared) return t.precondition('no request was answered without trace context, so there is nothing to compare');
    t.note(`${compared} request(s) compared; traceparent ${trace.traceparent}`);
  },
};
