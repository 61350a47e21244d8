import { describe, resultOf } from '../../target/client.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

export const clientInfoOptional: CheckDefinition = {
  id: 'meta/client-info-optional',
  title: 'a request without _meta clientInfo is served',
  level: 'MUST',
  spec: since2026(
    'basic/index#meta',
    'clientInfo in _meta is optional (clients should send it); servers must not require it and serve a request that omits it.',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'client-info-required' }],
  async run(t) {
    // Each request is compared with the same request sent with clientInfo, so only the missing key can explain a refusal.
    const baselines: { method: string; ex: Exchange }[] = [{ method: 'server/discover', ex: await t.shared.discover() }];
    for (const [method, cap] of [
      ['tools/list', 'tools'],
      ['resources/list', 'resources'],
      ['prompts/list', 'prompts'],
    ] as const) {
      if (t.shared.offers(cap) === false) continue;
      const first = (await t.shared.list(method)).pages[0];
      if (first) baselines.push({ method, ex: first });
      break;
    }
    let compared = 0;
    for (const { method, ex: baseline } of baselines) {
      if (!resultOf(baseline)) continue;
      const ex = await t.request(method, {}, { clientInfo: null });
      if (ex.failure && !ex.response) return t.inconclusive(`${method} without clientInfo: ${ex.failure.message}`, ex.evidence);
      compared++;
      if (!resultOf(ex))
        t.fail({
          message: `${method} without clientInfo was refused although the same request with clientInfo was served`,
          expected: 'a result: clientInfo is optional',
          actual: describe(ex),
          evidence: [...baseline.evidence, ...ex.evidence],
          hint: 'Treat io.modelcontextprotocol/clientInfo as optional display data; never reject a request for lacking it.',
        });
    }
    if (!compared) return t.precondition('no request was served even with clientInfo, so there is nothing to compare');
    t.note(`${compared} request(s) served without clientInfo`);
  },
};
