export { ConfigError } from './config-error.js';
export { applyFlags, defaultConfig, resolveOptions } from './flags.js';
export { findConfigFile, loadConfig } from './load.js';
export { parseConfig } from './parse.js';

export { serverRunOptions, serverToTarget } from './server-to-target.js';
export { type AssayConfig, type EvalModelConfig } from './types.js';
export { loadPolicy, parsePolicy } from './policy-load.js';
