import { META } from '../../spec/constants.js';
import { resultOf } from '../../target/client.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { serverInfoProblem } from '../discover/server-info.js';
import { obj } from '../../spec/read.js';

export const resultsServerInfo: CheckDefinition = {
  id: 'results/server-info',
  title: 'results other than server/discover carry _meta serverInfo too',
  level: 'SHOULD',
  spec: since2026(
    'basic/index#meta',
    'Servers should include io.modelcontextprotocol/serverInfo in the _meta of every result, not only of server/discover.',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'server-info-missing' }],
  async run(t) {
    const seen: { label: string; ex: Exchange }[] = [];
    for (const [method, cap] of [
      ['tools/list', 'tools'],
      ['prompts/list', 'prompts'],
      ['resources/list', 'resources'],
      ['resources/templates/list', 'resources'],
    ] as const) {
      if (t.shared.offers(cap) === false) continue;
      const first = (await t.shared.list(method)).pages[0];
      if (first) seen.push({ label: method, ex: first });
    }
    const callable = (await t.shared.callableTools())[0];
    if (callable)
      seen.push({ label: `tools/call ${callable.tool.name}`, ex: await t.request('tools/call', { name: callable.tool.name, arguments: callable.args }) });
    if (t.shared.offers('resources') !== false) {
      const res = obj((await t.shared.list('resources/list')).items[0]);
      if (typeof res?.uri === 'string') seen.push({ label: `resources/read ${res.uri}`, ex: await t.request('resources/read', { uri: res.uri }) });
    }
    const results = seen.filter((s) => resultOf(s.ex));
    if (!results.length) return t.precondition('no request other than server/discover returned a result');
    const bad = results.map((s) => ({ ...s, problem: serverInfoProblem(resultOf(s.ex)!) })).filter((s) => s.problem);
    if (bad.length)
      t.fail({
        message: `${bad.length} of ${results.length} results lack a valid serverInfo: ${bad.map((b) => b.label).join(', ')}`,
        expected: `_meta: { "${META.serverInfo}": { "name": "…", "version": "…" } } on every result`,
        actual: bad
          .slice(0, 4)
          .map((b) => `${b.label}: ${b.problem}`)
          .join('; '),
        evidence: bad.flatMap((b) => b.ex.evidence),
      });
    else t.note(`${results.length} results carry serverInfo`);
  },
};
