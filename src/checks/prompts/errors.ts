import { randomBytes } from 'node:crypto';
import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { fillArguments, listedPrompts } from './list-valid.js';

function expectInvalidParams(t: CheckContext, ex: Exchange, what: string, hint: string): void {
  if (ex.failure && !ex.response) return t.inconclusive(`${what}: ${ex.failure.message}`, ex.evidence);
  if (errorOf(ex)?.code === ERROR.invalidParams) return;
  t.fail({
    message: `${what}: ${resultOf(ex) ? 'served a result' : `answered ${describe(ex)}`}`,
    expected: 'error -32602 (Invalid params)',
    actual: describe(ex),
    evidence: ex.evidence,
    hint,
  });
}

export const unknownPrompt: CheckDefinition = {
  id: 'prompts/unknown-prompt',
  title: 'prompts/get of an unknown prompt gets -32602',
  level: 'SHOULD',
  spec: since2026('server/prompts#error-handling', 'Servers should answer prompts/get of a prompt name they do not have with -32602 (Invalid params).'),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'prompt-unknown-wrong-code' }],
  requires: 'prompts',
  async run(t) {
    const known = new Set((await listedPrompts(t)).map((p) => p.name));
    let name = `mcp-assay-no-such-prompt-${randomBytes(4).toString('hex')}`;
    while (known.has(name)) name += '-x';
    const ex = await t.request('prompts/get', { name, arguments: {} });
    expectInvalidParams(t, ex, `prompts/get of the unknown prompt ${name}`, 'Look the prompt up first and answer a missing name with -32602.');
  },
};

export const missingPromptArgument: CheckDefinition = {
  id: 'prompts/missing-argument',
  title: 'prompts/get without a required argument gets -32602',
  level: 'SHOULD',
  spec: since2026(
    'server/prompts#error-handling',
    'Servers should answer prompts/get that lacks a required argument with -32602 (Invalid params), not a prompt built without it.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'prompt-missing-argument-served' }],
  requires: 'prompts',
  async run(t) {
    const prompts = await listedPrompts(t);
    const p = prompts.find((x) => x.args.some((a) => a.required));
    if (!p) return t.precondition(`none of the ${prompts.length} listed prompts declares a required argument`);
    const missing = p.args.find((a) => a.required)!.name;
    const ex = await t.request('prompts/get', { name: p.name, arguments: fillArguments(p, missing) });
    expectInvalidParams(
      t,
      ex,
      `prompts/get ${p.name} without its required argument ${missing}`,
      'Validate prompt arguments against the declared ones before building messages.',
    );
  },
};
