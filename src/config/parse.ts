import { resolveConfig } from './resolve.js';
import { configSchema } from './schema.js';
import { parseStrictYaml } from './strict-yaml.js';
import type { AssayConfig } from './types.js';

/**
 * Parses `mcp-assay.config.yaml` text. Throws ConfigError at the first problem in file order,
 * located at the offending node. `file` names the file in messages; relative paths resolve against its folder.
 */
export function parseConfig(text: string, file: string, env: NodeJS.ProcessEnv = process.env): AssayConfig {
  return resolveConfig(parseStrictYaml(text, file, configSchema, env), file);
}
