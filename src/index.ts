/**
 * The public API of mcp-assay (`mcp-assay`): conformance checks, tool contracts, config, reports, gate and history.
 * Two more entry points complete it: `mcp-assay/eval` (model evals, ./eval.ts) and `mcp-assay/options` (the option
 * table and exit codes, ./options.ts). The CLI uses nothing that is not exported by these three.
 */
export type * from './core/types.js';
export type { TargetSpec, HttpTargetSpec, StdioTargetSpec } from './core/target-spec.js';
export type { RuleLevel, RuleSettings, RuleWaiver } from './core/rules.js';
export { EXIT, exitCodeFor, summarize, targetFailed, targetUndecided } from './core/summary.js';
export { Masker, MASK } from './core/mask.js';
export { terminalText } from './core/escape.js';
export { describeInternalError, setDebug } from './core/internal-error.js';
export { killAllNow } from './target/children.js';

export { MODERN_VERSION, LEGACY_VERSION, ERROR, META, HEADER } from './spec/constants.js';
export { validateServerMessage, validateClientMessage, validateWireType, classifyMessage, type WireIssue } from './spec/wire/index.js';

export { McpClient, resultOf, errorOf, describe as describeExchange, type RequestOptions } from './target/client.js';
export { HttpTransport, type HttpTransportOptions } from './target/http.js';
export { StdioTransport, type StdioTransportOptions } from './target/stdio.js';
export { probeEra, type ProbeOutcome } from './target/probe.js';
export { WireRecorder } from './target/recorder.js';
export { WireAudit } from './target/wire-audit.js';
export type { Exchange, Transport, SendOptions } from './target/transport.js';
export { TransportError } from './target/errors.js';

export { CHECKS, selectChecks, areaOf, type CheckDefinition, type CheckContext, type CheckOptions } from './checks/index.js';
export { toolsFrom, isCallable, type ToolInfo } from './checks/support/tools.js';

export { assay, reportEnvelope, type AssayOptions, type PlannedTarget } from './engine/run.js';
export { assaySnapshot, type SnapshotRunOptions } from './engine/snapshot-run.js';
export { startSupportDesk, startFlawed, demoFaults, exampleStdio, supportDeskGoldenDir, type RunningExample } from './engine/bundled-examples.js';
export { liveRunOptions, withLiveTarget, LiveCaller, type LiveOptions, type LiveRun } from './engine/live.js';
export { assayTarget, type TargetRunOptions } from './engine/run-target.js';

export { loadReporter, visible, truncate, wireBody, wireHeader, type Reporter, type ReporterId, type RenderOptions } from './reporters/index.js';
export {
  loadConfig,
  findConfigFile,
  serverToTarget,
  serverRunOptions,
  applyFlags,
  resolveOptions,
  defaultConfig,
  ConfigError,
  loadPolicy,
  type AssayConfig,
} from './config/index.js';
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
} from './config/options.js';
export { targetsFromClientConfig, targetsFromServerJson, SourceError } from './config/sources.js';

export {
  buildCatalogue,
  serializeCatalogue,
  parseCatalogue,
  diffCatalogues,
  applyDiffAllowances,
  diffExitCode,
  renderDiffMarkdown,
  analyseCatalogue,
  contractsSection,
  contractsExitCode,
  validateStructuredResult,
  classifyTool,
  CONTRACT_RULES,
  validateRuleSettings,
  CatalogueError,
  enforcePolicy,
  inventoryRows,
  judgeToolResult,
  type Catalogue,
  type CatalogueChange,
  type ContractsResult,
  type DiffAllowance,
  type InventoryRow,
} from './contracts/index.js';
export { migrationSection } from './engine/migration.js';
export { adviceSection } from './engine/advice.js';
export { VERSION } from './version.js';

export {
  runGate,
  baselineFromReport,
  loadBaseline,
  loadReport,
  serializeBaseline,
  GateInputError,
  DEFAULT_GATE_OPTIONS,
  BASELINE_FORMAT,
  type Baseline,
  type GateOptions,
} from './gate/index.js';
export type * from './core/gate-result.js';
export type * from './core/evals-view.js';
export { readEvals, EvalsShapeError } from './core/evals-adapter.js';
export { newcombe, percentile } from './core/regression-stats.js';
export { renderGateMarkdown, COMMENT_LIMIT } from './reporters/gate-markdown.js';
export { renderGateText } from './reporters/gate-text.js';
export { renderHistoryText } from './reporters/history-text.js';
export { parseShard, shardOfPair, selectShardPairs, ShardSpecError, type ShardSpec } from './core/shard.js';
export { mergeReports, historyEntry, historyMoves, readHistory, appendHistory, DEFAULT_HISTORY, type MergeInput } from './gate/index.js';
export type { HistoryEntry, HistoryMove, MoveCause } from './core/history-types.js';
