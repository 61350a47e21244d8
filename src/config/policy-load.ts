import { readFile } from 'node:fs/promises';
import type { Policy, PolicyTool } from '../core/policy.js';
import { ConfigError } from './config-error.js';
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

export async function loadPolicy(file: string, env: NodeJS.ProcessEnv = process.env): Promise<Policy> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError({
      file,
      reason: code === 'ENOENT' ? 'no such file' : `cannot read: ${(err as Error).message}`,
      hint: 'pass the path of a policy YAML file',
    });
  }
  return parsePolicy(text, file, env);
}
