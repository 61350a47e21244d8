import type { JsonObject } from '../../target/envelope.js';
import type { CheckContext } from '../types.js';
import { objects } from '../../spec/read.js';

export interface CompletionTarget {
  label: string;
  params: JsonObject;
}

/** Variable names of an RFC 6570 URI template: `{id}`, `{+path}`, `{?q,page}` (operators and modifiers dropped). */
export function templateVariables(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(/\{([^}]*)\}/g))
    for (const v of (m[1] ?? '').replace(/^[+#./;?&=,!@|]/, '').split(',')) {
      const name = v.replace(/(\*|:\d+)$/, '').trim();
      if (name) out.push(name);
    }
  return out;
}

/**
 * Real things to complete (COMPLETION §reference types): the first listed prompt with an argument (`ref/prompt`) and
 * the first resource template with a variable (`ref/resource`), each with an empty value typed so far.
 */
export async function completionTargets(t: CheckContext): Promise<CompletionTarget[]> {
  const out: CompletionTarget[] = [];
  if (t.shared.offers('prompts') !== false) {
    for (const p of objects((await t.shared.list('prompts/list')).items)) {
      const arg = objects(p.arguments).find((a) => typeof a.name === 'string');
      if (typeof p.name !== 'string' || !arg) continue;
      out.push({
        label: `prompt ${p.name} argument ${String(arg.name)}`,
        params: { ref: { type: 'ref/prompt', name: p.name }, argument: { name: arg.name, value: '' } },
      });
      break;
    }
  }
  if (t.shared.offers('resources') !== false) {
    for (const r of objects((await t.shared.list('resources/templates/list')).items)) {
      const variable = typeof r.uriTemplate === 'string' ? templateVariables(r.uriTemplate)[0] : undefined;
      if (!variable) continue;
      out.push({
        label: `template ${String(r.uriTemplate)} variable ${variable}`,
        params: { ref: { type: 'ref/resource', uri: r.uriTemplate }, argument: { name: variable, value: '' } },
      });
      break;
    }
  }
  return out;
}
