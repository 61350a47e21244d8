/** What a run against one target takes, and the reachable target a `session` callback is lent. */
import type { TargetSpec } from '../core/target-spec.js';
import type { RuleSettings, ToolExample } from '../core/rules.js';
import type { Timeouts } from '../core/timeouts.js';
import type { CheckDefinition, CheckOptions, SharedState } from '../checks/index.js';
import type { Catalogue } from '../contracts/index.js';
import type { McpClient } from '../target/client.js';
import type { ProbeOutcome } from '../target/probe.js';
import type { WireRecorder } from '../target/recorder.js';

export interface TargetRunOptions extends CheckOptions {
  /** Tool-contract analysis of the catalogue (rule levels and waivers), or false to leave it out. */
  contracts?: RuleSettings | false;
  /** Filled with the server's catalogue when one could be read (for `snapshot` and `diff`). */
  capture?: { catalogue?: Catalogue; catalogueProblems?: string[] };
  /** Whole run for this target, ms. */
  deadlineMs: number;
  /** First request on a freshly started server (npx may install first), ms; absent: see `defaultStartupMs`. */
  startupTimeoutMs?: number;
  strict: boolean;
  /** Grade a 2025-era server by 2026-07-28 requirements too (`--require 2026-07-28`). */
  requireModern?: boolean;
  concurrency: number;
  checks: readonly CheckDefinition[];
  /** Tools from which the contracts analysis starts on a worker thread while the checks run (default 500 with more than 2 cores, else never). */
  contractsBesideFrom?: number;
  /** Tools from which the step's confusable scan runs on a second thread beside the rest of the analysis (default 1000 with 2 cores or more). */
  confusableAsideFrom?: number;
  /** Example calls per tool (config `examples:`), judged in the contracts step. */
  examples?: Record<string, ToolExample[]>;
  /** Runs once the target answered, on the same connection, before it closes (the quick loop: list, call, read). */
  session?: (live: LiveTarget) => Promise<void>;
}

/** A reachable target, as the checks see it, lent to a `session` callback. */
export interface LiveTarget {
  spec: TargetSpec;
  client: McpClient;
  probe: ProbeOutcome;
  shared: SharedState;
  recorder: WireRecorder;
  signal: AbortSignal;
  options: TargetRunOptions;
  timeouts: Timeouts;
}
