import type { EvalsReport } from './evals-report.js';

/** Requirement strength, as RFC 2119 words in the spec. */
export type Level = 'MUST' | 'SHOULD' | 'MAY';

/**
 * Outcome of one check against one target.
 * - `precondition-failed`: the server does not offer what the check needs (a capability, a safe tool).
 * - `inconclusive`: the check could not decide (timeout, transport failure before an answer).
 * - `error`: the harness itself failed, or the run stopped before the check could run.
 */
export type Status = 'pass' | 'fail' | 'warn' | 'skip' | 'precondition-failed' | 'inconclusive' | 'error';

export const STATUSES: readonly Status[] = ['pass', 'fail', 'warn', 'skip', 'precondition-failed', 'inconclusive', 'error'];

export type Era = 'modern' | 'legacy' | 'unknown';
export type TransportKind = 'http' | 'stdio';

export interface SpecRef {
  /** Revision that introduced the requirement, and the one that removed it, if any. */
  revision: { since: string; until?: string };
  /** Section of the specification, e.g. `basic/index#meta` or `server/discover`. */
  section: string;
  /** Enhancement proposal number, when one introduced the requirement. */
  sep?: number;
  /** The requirement in our own words. */
  quote: string;
}

/** One message on the wire, kept as evidence. `from` says who sent it. */
export interface WireEntry {
  seq: number;
  /** Milliseconds since the start of the target's session. */
  atMs: number;
  from: 'harness' | 'server';
  /** `http` entries carry status and headers; `stdio` entries carry a line. */
  channel: 'http' | 'stdio' | 'stderr';
  /** Which check (or phase, like `probe`) caused this message. */
  phase: string;
  /** 2025-era traffic (dual-era and legacy checks): evidence, but not judged by the 2026-07-28 wire audit. */
  legacy?: true;
  http?: { method?: string; url?: string; status?: number; headers?: Record<string, string> };
  /** Parsed JSON body, or the raw text (truncated) when it was not JSON. */
  body?: unknown;
  raw?: string;
  truncated?: boolean;
  /** This request repeats wire #`of`, lost to a kept-alive connection closed before any byte of its answer. */
  retry?: { of: number; cause: string };
  /** Checks besides `phase` that judged this same message: one observation shared, not a request sent again. */
  sharedWith?: string[];
}

export interface CheckResult {
  checkId: string;
  title: string;
  area: string;
  level: Level;
  status: Status;
  spec: SpecRef;
  transports: TransportKind[];
  message?: string;
  expected?: string;
  actual?: string;
  hint?: string;
  /** Wire entry sequence numbers that back the verdict. */
  evidence?: number[];
  /**
   * A 2026-07-28 requirement run against a 2025-era server without `--require 2026-07-28`: the status is `skip` and
   * this is what the check saw, for the migration section.
   */
  outsideEra?: { status: Status; message?: string; hint?: string };
  /** Another check's finding with the same root cause: this one points there instead of repeating it. */
  sameCauseAs?: string;
  durationMs: number;
}

export interface TargetDescription {
  /** `snapshot`: a recorded catalogue file analysed offline; no server was contacted. */
  kind: TransportKind | 'snapshot';
  /** Human label with secrets masked: a URL or a command line. */
  display: string;
  name?: string;
}

export interface ServerIdentity {
  name?: string;
  version?: string;
}

export interface Summary {
  total: number;
  pass: number;
  fail: number;
  warn: number;
  skip: number;
  preconditionFailed: number;
  inconclusive: number;
  error: number;
}

export interface TargetReport {
  target: TargetDescription;
  era: Era;
  /** Why the era was decided the way it was. */
  eraReason: string;
  protocolVersion?: string;
  supportedVersions?: string[];
  server?: ServerIdentity;
  /** `inconclusive` when the target could not be reached or died before checks could run. */
  outcome: 'completed' | 'inconclusive';
  outcomeReason?: string;
  results: CheckResult[];
  /** The catalogue the server offered, hashed: what the gate compares and the history attributes moves to. */
  catalogue?: CatalogueDigest;
  /** Findings of other layers (contracts, …), keyed by layer id. Renderers show what they know. */
  sections?: ReportSection[];
  summary: Summary;
  /** Server stderr (stdio), capped and masked. */
  stderr?: string;
  /** Processes the server started that could not be ended (`pid (name)`), setsid'd children included. */
  processesLeft?: string[];
  wire: WireEntry[];
  wireDropped: number;
  durationMs: number;
}

/** Hashes of what a model sees of a server, per tool (description separately), with each tool's risk class. */
export interface CatalogueDigest {
  hash: string;
  tools: Record<string, { hash: string; description: string; risk?: string }>;
}

/** A block of findings from a layer other than conformance, already rendered to plain data. */
export interface ReportSection {
  id: string;
  title: string;
  findings: Finding[];
}

export interface Finding {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  subject: string;
  message: string;
  reason?: string;
  waived?: string;
}

export const REPORT_SCHEMA_VERSION = '1.0';
/** Identifier of docs/report-schema.json (its `$id`); every report carries it in `$schema`. */
export const REPORT_SCHEMA_ID = `urn:mcp-assay:report-schema:${REPORT_SCHEMA_VERSION}` as const;

export interface Report {
  $schema: typeof REPORT_SCHEMA_ID;
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tool: { name: 'mcp-assay'; version: string };
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  options: { strict: boolean; only?: string[]; skip?: string[]; require?: string[] };
  targets: TargetReport[];
  summary: Summary;
  /** Layer 1 (behaviour): present when `eval` ran. */
  evals?: EvalsReport;
}
