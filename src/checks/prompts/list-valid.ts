import type { JsonObject } from '../../target/envelope.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { obj, objects } from '../../spec/read.js';

export interface PromptInfo {
  name: string;
  /** Declared arguments with a string name, and whether each is required. */
  args: { name: string; required: boolean }[];
}

/** Listed prompts with their usable arguments. */
export async function listedPrompts(t: CheckContext): Promise<PromptInfo[]> {
  const out: PromptInfo[] = [];
  for (const p of objects((await t.shared.list('prompts/list')).items)) {
    if (typeof p.name !== 'string') continue;
    // A malformed `required` (prompts/list-valid reports it) is read as required: sending the argument is the safe side.
    const args = objects(p.arguments).flatMap((a) =>
      typeof a.name === 'string' ? [{ name: a.name, required: a.required !== undefined && a.required !== false }] : [],
    );
    out.push({ name: p.name, args });
  }
  return out;
}

/** Arguments for prompts/get: a plain value for each required one, except `leaveOut` (prompt arguments are strings). */
export function fillArguments(p: PromptInfo, leaveOut?: string): JsonObject {
  return Object.fromEntries(p.args.filter((a) => a.required && a.name !== leaveOut).map((a) => [a.name, 'test']));
}

/** What is wrong with one prompts/list item (schema Prompt and PromptArgument). */
export function promptProblems(item: unknown): string[] {
  const p = obj(item);
  if (!p) return [`item ${JSON.stringify(item)?.slice(0, 60)} is not an object`];
  const label = typeof p.name === 'string' ? p.name : JSON.stringify(p).slice(0, 60);
  const out: string[] = [];
  if (typeof p.name !== 'string' || !p.name) out.push(`${label}: name is missing or empty`);
  for (const k of ['title', 'description'] as const) if (k in p && typeof p[k] !== 'string') out.push(`${label}: ${k} is not a string`);
  if ('arguments' in p && !Array.isArray(p.arguments)) out.push(`${label}: arguments is not an array`);
  (Array.isArray(p.arguments) ? p.arguments : []).forEach((a: unknown, i) => {
    const arg = obj(a) ?? {};
    if (typeof arg.name !== 'string' || !arg.name) out.push(`${label}: arguments[${i}] has no name`);
    if ('required' in arg && typeof arg.required !== 'boolean')
      out.push(`${label}: arguments[${i}].required is ${JSON.stringify(arg.required)}, not a boolean`);
    if ('description' in arg && typeof arg.description !== 'string') out.push(`${label}: arguments[${i}].description is not a string`);
  });
  return out;
}

export const promptsListValid: CheckDefinition = {
  id: 'prompts/list-valid',
  title: 'prompts/list items carry a name and well-formed arguments',
  level: 'MUST',
  spec: since2026(
    'server/prompts#listing-prompts',
    'Each item of prompts/list is a Prompt: a name, and optional arguments, each with a name and an optional boolean required.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'prompts-list-invalid' }],
  requires: 'prompts',
  async run(t) {
    const list = await t.shared.list('prompts/list');
    if (list.broken && list.pages.length === 1) return t.precondition('prompts/list returned no result (discover/capabilities-match judges that)');
    const problems = list.items.flatMap(promptProblems);
    if (problems.length)
      t.fail({
        message: `${problems.length} problem(s) in ${list.items.length} listed prompts`,
        expected: 'every item { "name": "…", "arguments"?: [{ "name": "…", "required"?: true|false }] }',
        actual: problems.slice(0, 6).join('; '),
        evidence: list.pages.flatMap((p) => p.evidence),
      });
    t.note(`${list.items.length} prompt(s)`);
  },
};
