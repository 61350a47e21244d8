import { readFile } from 'node:fs/promises';
import type { Policy } from '../core/policy.js';
import { ConfigError } from './config-error.js';

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
  // As with the config file, the YAML parser and the schema load only when a policy is read.
  const { parsePolicy } = await import('./policy-parse.js');
  return parsePolicy(text, file, env);
}
