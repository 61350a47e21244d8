import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import type { AssayConfig } from './types.js';

import { CONFIG_FILE_NAMES } from '../core/config-file-names.js';

/** `./mcp-assay.config.yaml` (or `.yml`) in `cwd`, absolute; undefined when there is none. */
export function findConfigFile(cwd: string): string | undefined {
  for (const name of CONFIG_FILE_NAMES) {
    const p = path.resolve(cwd, name);
    if (existsSync(p)) return p;
  }
  return undefined;
}

export async function loadConfig(file: string, env: NodeJS.ProcessEnv = process.env): Promise<AssayConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot read: ${(err as Error).message}`;
    throw new ConfigError({ file, reason, hint: `create ${CONFIG_FILE_NAMES[0]} or pass the right path` });
  }
  // The YAML parser and the schema load only when there is a file to read.
  const { parseConfig } = await import('./parse.js');
  return parseConfig(text.replace(/^\uFEFF/, ''), file, env);
}
