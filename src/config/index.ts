export { ConfigError, formatConfigError, formatKeyPath, type ConfigErrorInit } from './config-error.js';
export { applyFlags, defaultConfig, resolveOptions } from './flags.js';
export { CONFIG_FILE_NAMES, findConfigFile, loadConfig } from './load.js';
export { parseConfig } from './parse.js';
export { RULE_LEVELS } from './schema.js';
export { serverRunOptions, serverToTarget, type ServerRunOptions } from './server-to-target.js';
export {
  CHECK_DEFAULTS,
  type AssayConfig,
  type CheckFlags,
  type CheckOptions,
  type EvalConfig,
  type EvalModelConfig,
  type ConfigFlags,
  type HttpServerConfig,
  type ReportPaths,
  type ServerConfig,
  type StdioServerConfig,
  type ToolArgs,
} from './types.js';
export { loadPolicy, parsePolicy } from './policy-load.js';
