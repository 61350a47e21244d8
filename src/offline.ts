/**
 * What the commands that read and compare snapshot files need (config, catalogue files, diff), without the engine,
 * the checks or the transports: `diff old.json new.json` loads this instead of the whole public API.
 */
export { EXIT } from './core/summary.js';
export { terminalText } from './core/escape.js';
export { CONTRACT_RULES } from './core/rule-catalogue.js';
export { loadConfig, findConfigFile } from './config/load.js';
export { defaultConfig, resolveOptions } from './config/flags.js';
export { serverToTarget, serverRunOptions } from './config/server-to-target.js';
export { ConfigError } from './config/config-error.js';
export { targetsFromClientConfig, targetsFromServerJson, SourceError } from './config/sources.js';
export { CatalogueError } from './contracts/catalogue/catalogue.js';
export { parseCatalogue } from './contracts/catalogue/catalogue-parse.js';
export { SnapshotMemo } from './contracts/catalogue/snapshot-pieces.js';
export { diffCatalogues, applyDiffAllowances, diffExitCode } from './contracts/diff/diff.js';
export { renderDiffMarkdown } from './contracts/diff/diff-markdown.js';
export { validateRuleSettings } from './contracts/rules/rule-settings.js';
