import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { BOTH, since2026 } from '../support/spec.js';
import { completionTargets } from '../completion/support.js';

/** Server capabilities and the methods each one gates (DIGEST §b ServerCapabilities). Logging has no method left. */
const FEATURES = [
  { cap: 'tools', methods: ['tools/list'] },
  { cap: 'resources', methods: ['resources/list', 'resources/templates/list'] },
  { cap: 'prompts', methods: ['prompts/list'] },
  { cap: 'completions', methods: ['completion/complete'] },
] as const;

const PLACEHOLDER_COMPLETION: JsonObject = { ref: { type: 'ref/prompt', name: 'mcp-assay-probe' }, argument: { name: 'value', value: '' } };

/** An advertised method works: lists return a result; completion answers anything but "method not found". */
async function advertised(t: CheckContext, cap: string, method: string): Promise<void> {
  let ex: Exchange | undefined;
  if (method === 'completion/complete') ex = await t.request(method, (await completionTargets(t))[0]?.params ?? PLACEHOLDER_COMPLETION);
  else ex = (await t.shared.list(method)).pages[0];
  if (!ex) return;
  if (ex.failure && !ex.response) return t.inconclusive(`${method}: ${ex.failure.message}`, ex.evidence);
  const works = method === 'completion/complete' ? errorOf(ex)?.code !== ERROR.methodNotFound && !!ex.response : !!resultOf(ex);
  if (!works)
    t.fail({
      message: `server/discover advertises ${cap}, but ${method} answered ${describe(ex)}`,
      expected: method === 'completion/complete' ? 'a CompleteResult (or at least not -32601)' : `a ${method} result`,
      actual: describe(ex),
      evidence: ex.evidence,
      hint: `Advertise ${cap} only when its methods are implemented.`,
    });
}

export const capabilitiesMatch: CheckDefinition = {
  id: 'discover/capabilities-match',
  title: 'advertised capabilities work, and unadvertised ones answer -32601 (HTTP 404)',
  level: 'MUST',
  spec: since2026(
    'server/discover',
    'Each capability in the DiscoverResult has working methods; a method gated by a capability the server did not advertise is answered with -32601 (HTTP 404).',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'completion-unadvertised' },
    { fixture: 'flawed-server', fault: 'completion-unimplemented' },
  ],
  async run(t) {
    const caps = t.shared.discoverCapabilities();
    if (!caps) return t.precondition('server/discover returned no capabilities object (see discover/implemented)');
    const said: string[] = [];
    for (const { cap, methods } of FEATURES) {
      const on = cap in caps;
      said.push(`${cap} ${on ? 'advertised' : 'not advertised'}`);
      for (const method of methods) {
        if (on) {
          await advertised(t, cap, method);
          continue;
        }
        const ex = await t.request(method, method === 'completion/complete' ? PLACEHOLDER_COMPLETION : {});
        expectError(t, ex, {
          code: ERROR.methodNotFound,
          httpStatus: 404,
          what: `${method} although server/discover does not advertise ${cap}`,
          hint: `Either advertise ${cap} or answer its methods with -32601.`,
        });
      }
    }
    t.note(said.join(', '));
  },
};
