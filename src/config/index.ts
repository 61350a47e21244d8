// The YAML parser and zod load only through loadConfig/loadPolicy, when there is a file: parse.ts and policy-parse.ts
// are imported by path where text is parsed directly.
export { ConfigError } from './config-error.js';
export { applyFlags, defaultConfig, resolveOptions } from './flags.js';
export { findConfigFile, loadConfig } from './load.js';

export { serverRunOptions, serverToTarget } from './server-to-target.js';
export { type AssayConfig, type EvalModelConfig } from './types.js';
export { loadPolicy } from './policy-load.js';
