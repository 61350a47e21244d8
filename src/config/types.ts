import type { RuleSettings, ToolExample } from '../core/rules.js';
import { OPTIONS, type ReportFileKey } from './options.js';

/** Arguments the harness passes to a tool, by tool name (an object, as `tools/call` takes). */
export type ToolArgs = Record<string, Record<string, unknown>>;

/**
 * Options of a check run. The file's `check:` block has exactly these names, and so do the CLI flags:
 * the CLI builds a `CheckFlags` and calls `applyFlags` (flags override the file).
 */
export interface CheckOptions {
  /** Per request, ms. */
  timeout: number;
  /** Whole run per target, ms. */
  deadline: number;
  /** A SHOULD miss fails instead of warning. */
  strict: boolean;
  /** Revisions a server must meet whatever its era: `2026-07-28` grades a 2025-era server by it too. */
  require: string[];
  /** Error-level contract findings change `check`'s exit code (by default it is about the protocol only). */
  failOnContracts: boolean;
  /** Check-id prefixes to run (all when empty). */
  only: string[];
  /** Check-id prefixes to leave out. */
  skip: string[];
  /** Globs of tools the harness may call even when they are not read-only. */
  allowTools: string[];
  toolArgs: ToolArgs;
}

/** Output paths, absolute once loaded: `dir`, and a file per reporter with a report-file option (options.ts). */
export type ReportPaths = { dir?: string } & { [K in ReportFileKey]?: string };

export type CheckFlags = Partial<CheckOptions>;
export interface ConfigFlags extends CheckFlags {
  reports?: Partial<ReportPaths>;
}

interface ServerCommon {
  name: string;
  /** Per request, ms; overrides `check.timeout`. */
  timeout?: number;
  allowTools: string[];
  toolArgs: ToolArgs;
}

export interface HttpServerConfig extends ServerCommon {
  kind: 'http';
  url: string;
  headers: Record<string, string>;
}

export interface StdioServerConfig extends ServerCommon {
  kind: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  secretEnv: string[];
  /** Absolute, resolved against the config file's folder. */
  cwd?: string;
}

export type ServerConfig = HttpServerConfig | StdioServerConfig;

/** The validated, defaulted, interpolated config. */
export interface AssayConfig {
  /** The config file as given, or undefined when no file was read. */
  file?: string;
  /** Absolute folder that relative paths were resolved against. */
  dir: string;
  servers: Record<string, ServerConfig>;
  check: CheckOptions;
  reports: ReportPaths;
  contracts: RuleSettings;
  /** Example calls per tool name (config `examples:`). */
  examples: Record<string, ToolExample[]>;
  /** The `eval:` block, when the file has one. */
  eval?: EvalConfig;
}

/** The `check:` defaults, as the option table declares them. */
export const CHECK_DEFAULTS: Readonly<CheckOptions> = Object.freeze({
  timeout: OPTIONS.timeout.default,
  deadline: OPTIONS.deadline.default,
  strict: OPTIONS.strict.default,
  require: [],
  failOnContracts: OPTIONS.failOnContracts.default,
  only: [],
  skip: [],
  allowTools: [],
  toolArgs: {},
});

/** A model in the config: `provider:model`, with an endpoint, the variable holding its key, and parameters. */
export interface EvalModelConfig {
  id: string;
  baseURL?: string;
  keyEnv?: string;
  params?: Record<string, unknown>;
}

/** The `eval:` block; paths absolute once loaded. Flags override each key. */
export interface EvalConfig {
  golden?: string;
  runs?: number;
  concurrency?: number;
  system?: string;
  maxTurns?: number;
  timeout?: number;
  runTimeout?: number;
  cache?: boolean;
  cacheDir?: string;
  allowTools?: string[];
  /** `embeddings:openai:MODEL` or `judge:provider:MODEL` for `semantic` argument matchers. */
  semantic?: string;
  models?: EvalModelConfig[];
  prices?: Record<string, { inputPerMTok: number; outputPerMTok: number; cachedInputPerMTok?: number }>;
  pricesDate?: string;
}
