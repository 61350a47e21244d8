/**
 * The command-line contract (`mcp-assay/options`): every option with its flag, config key, kind and default, the
 * report files, and the exit codes. Plain data: reading it loads neither the config parser nor the engine, which is
 * what `--help` needs.
 */
export {
  OPTIONS,
  CONFIG_ONLY,
  REPORT_FILES,
  attributeOf,
  configKeysOf,
  optionsOf,
  type CommandName,
  type OptionDecl,
  type OptionId,
  type ReportFileKey,
  type ValueKind,
} from './config/options.js';
export { EXIT } from './core/summary.js';
