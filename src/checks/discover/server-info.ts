import { META } from '../../spec/constants.js';
import { resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { obj, field } from '../../spec/read.js';

/** What is wrong with a result's `_meta` serverInfo (an Implementation: name and version strings), if anything. */
export function serverInfoProblem(r: JsonObject): string | undefined {
  const info = field(r._meta, META.serverInfo);
  if (info === undefined) return `no _meta["${META.serverInfo}"]`;
  const o = obj(info);
  if (!o) return `_meta serverInfo is ${JSON.stringify(info)}, not an object`;
  const { name, version } = o;
  if (typeof name !== 'string' || typeof version !== 'string') return `_meta serverInfo lacks string name and version: ${JSON.stringify(info).slice(0, 120)}`;
  return undefined;
}

export const discoverServerInfo: CheckDefinition = {
  id: 'discover/server-info',
  title: 'the DiscoverResult names the server in _meta serverInfo',
  level: 'SHOULD',
  spec: since2026(
    'server/discover',
    'Servers should identify themselves in the result _meta key io.modelcontextprotocol/serverInfo (name and version), for display and logs.',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'server-info-missing' }],
  async run(t) {
    const ex = await t.shared.discover();
    const r = resultOf(ex);
    if (!r) return t.precondition('server/discover returned no result (see discover/implemented)');
    const problem = serverInfoProblem(r);
    if (problem)
      t.fail({
        message: `server/discover: ${problem}`,
        expected: `_meta: { "${META.serverInfo}": { "name": "…", "version": "…" } }`,
        actual: JSON.stringify(r._meta ?? null).slice(0, 200),
        evidence: ex.evidence,
        hint: 'Clients show serverInfo to users and in logs; it is self-reported and never used for decisions.',
      });
  },
};
