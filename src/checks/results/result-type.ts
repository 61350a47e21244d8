import { EXTENSION_RESULT_TYPES, RESULT_TYPES, TASKS_EXTENSION } from '../../spec/constants.js';
import { resultOf } from '../../target/client.js';
import { field } from '../../spec/read.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

export const resultTypePresent: CheckDefinition = {
  id: 'results/result-type',
  title: 'every result carries a known resultType',
  level: 'MUST',
  spec: since2026(
    'basic/index#result',
    'Every result carries resultType: "complete" or "input_required" (or a value an advertised extension adds); an unknown value makes the result invalid.',
    2322,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'result-type-missing' },
    { fixture: 'flawed-server', fault: 'result-type-unknown' },
  ],
  async run(t) {
    // A non-object `extensions` advertises nothing (the wire schema check reports its type).
    const tasksAdvertised = field(t.shared.capabilities()?.extensions, TASKS_EXTENSION) !== undefined;
    const exchanges: { label: string; ex: Exchange }[] = [{ label: 'server/discover', ex: await t.shared.discover() }];
    for (const [method, cap] of [
      ['tools/list', 'tools'],
      ['prompts/list', 'prompts'],
      ['resources/list', 'resources'],
    ] as const) {
      if (t.shared.offers(cap) === false) continue;
      const first = (await t.shared.list(method)).pages[0];
      if (first) exchanges.push({ label: method, ex: first });
    }
    const callable = (await t.shared.callableTools())[0];
    if (callable)
      exchanges.push({ label: `tools/call ${callable.tool.name}`, ex: await t.request('tools/call', { name: callable.tool.name, arguments: callable.args }) });

    let inspected = 0;
    for (const { label, ex } of exchanges) {
      const r = resultOf(ex);
      if (!r) continue;
      inspected++;
      const allowed: string[] = [...RESULT_TYPES];
      if (label.startsWith('tools/call') && tasksAdvertised) allowed.push(...(EXTENSION_RESULT_TYPES[TASKS_EXTENSION] ?? []));
      if (!('resultType' in r))
        t.fail({
          message: `${label}: resultType is missing`,
          expected: `resultType one of ${allowed.join(', ')}`,
          actual: 'no resultType (a 2025-era result)',
          evidence: ex.evidence,
        });
      else if (typeof r.resultType !== 'string' || !allowed.includes(r.resultType))
        t.fail({
          message: `${label}: unknown resultType ${JSON.stringify(r.resultType)}; clients must treat the result as invalid`,
          expected: allowed.join(' | '),
          actual: JSON.stringify(r.resultType),
          evidence: ex.evidence,
        });
    }
    if (!inspected) t.inconclusive('no result came back to inspect');
    t.note(`${inspected} results inspected`);
  },
};
