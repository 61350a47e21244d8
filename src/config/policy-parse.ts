import type { Policy, PolicyTool } from '../core/policy.js';
import { policySchema } from './policy-schema.js';
import { parseStrictYaml } from './strict-yaml.js';

/** Policy text, validated strictly; `get_ticket: read-only` is short for `get_ticket: { class: read-only }`. */
export function parsePolicy(text: string, file: string, env: NodeJS.ProcessEnv = process.env): Policy {
  const raw = parseStrictYaml(text.replace(/^\uFEFF/, ''), file, policySchema, env);
  const servers: Policy['servers'] = {};
  for (const [name, s] of Object.entries(raw.servers)) {
    const { tools, ...rules } = s;
    servers[name] = {
      ...rules,
      ...(tools
        ? { tools: Object.fromEntries(Object.entries(tools).map(([t, v]): [string, PolicyTool] => [t, typeof v === 'string' ? { class: v } : v])) }
        : {}),
    };
  }
  return { file, defaults: raw.defaults, servers };
}
