import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import { obj } from '../../spec/read.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { fillArguments, listedPrompts } from './list-valid.js';

const MAX_PROMPTS = 3;
const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

/** What is wrong with a GetPromptResult's messages (schema PromptMessage: role user|assistant, one content block). */
export function messageProblems(r: JsonObject): string[] {
  if (!Array.isArray(r.messages)) return ['messages is not an array'];
  const out: string[] = [];
  r.messages.forEach((m: unknown, i) => {
    const msg = obj(m) ?? {};
    if (msg.role !== 'user' && msg.role !== 'assistant') out.push(`messages[${i}].role is ${JSON.stringify(msg.role)}, not "user" or "assistant"`);
    const c = obj(msg.content);
    if (!c || typeof c.type !== 'string' || !CONTENT_TYPES.has(c.type)) out.push(`messages[${i}].content is not a content block`);
    else if (c.type === 'text' && typeof c.text !== 'string') out.push(`messages[${i}].content has no text`);
  });
  return out;
}

export const getListedPrompt: CheckDefinition = {
  id: 'prompts/get-listed',
  title: 'prompts/get of a listed prompt returns user/assistant messages',
  level: 'MUST',
  spec: since2026(
    'server/prompts#getting-a-prompt',
    'prompts/get of a listed prompt, with its required arguments, answers a GetPromptResult: messages with role user or assistant and one content block each.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'prompt-messages-invalid' }],
  requires: 'prompts',
  async run(t) {
    const prompts = (await listedPrompts(t)).slice(0, MAX_PROMPTS);
    if (!prompts.length) return t.precondition('the server lists no prompts');
    let judged = 0;
    const refused: string[] = [];
    for (const p of prompts) {
      const ex = await t.request('prompts/get', { name: p.name, arguments: fillArguments(p) });
      if (ex.failure && !ex.response) return t.inconclusive(`prompts/get ${p.name}: ${ex.failure.message}`, ex.evidence);
      const r = resultOf(ex);
      // Our placeholder argument values may be refused on their merits; that says nothing about the prompt.
      if (!r && errorOf(ex)?.code === ERROR.invalidParams && p.args.length) {
        refused.push(p.name);
        continue;
      }
      if (r?.resultType === 'input_required') continue;
      judged++;
      const problems = r ? messageProblems(r) : [`answered ${describe(ex)}`];
      if (problems.length)
        t.fail({
          message: `prompts/get ${p.name}: ${problems.join('; ')}`,
          expected: 'messages: [{ "role": "user" | "assistant", "content": { "type": "text", … } }]',
          actual: r ? JSON.stringify(r.messages).slice(0, 160) : describe(ex),
          evidence: ex.evidence,
        });
    }
    if (!judged) return t.precondition(`no prompt could be fetched${refused.length ? ` (refused the placeholder arguments: ${refused.join(', ')})` : ''}`);
    t.note(`${judged} prompt(s) fetched`);
  },
};
