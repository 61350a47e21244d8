/**
 * Every command-line option, declared once: its flag, the config key it mirrors (or why it has none), how its value
 * is read, its default, its help and the commands that take it. The commander options and the config file's
 * `check:`, `reports:` and `eval:` keys are both made from this table, so the two cannot drift apart.
 * Precedence, for every option with a config key: a flag given on the command line > the config file > the default.
 * The report-file options (`--json`, `--md`, …) come from the reporter declarations in reporters/formats.ts.
 * Zod-free and commander-free on purpose: `--help` reads it without loading either the config or the engine.
 */

import { DEFAULT_REQUEST_TIMEOUT_MS } from '../core/timeouts.js';
import { REPORTER_DECLS, type ReportFileKey, type ReporterDecl, type ReporterId } from '../reporters/formats.js';

export type CommandName =
  | 'check'
  | 'gate'
  | 'merge'
  | 'history'
  | 'contracts'
  | 'snapshot'
  | 'diff'
  | 'list'
  | 'call'
  | 'read'
  | 'prompt'
  | 'inventory'
  | 'eval'
  | 'eval calibrate'
  | 'eval init'
  | 'demo';

/**
 * How a value is read. The same kind gives the flag parser and the config schema:
 * ms/count: positive whole numbers; fraction: 0..1; strings: repeatable; path: a file, resolved against the
 * working directory from a flag and against the config file's folder from the file; tool-args: JSON or @file.json.
 */
export type ValueKind = 'switch' | 'negatable' | 'string' | 'path' | 'optional-path' | 'strings' | 'ms' | 'count' | 'fraction' | 'tool-args';

export interface OptionDecl {
  /** Commander syntax: `-s, --long <value>`, `--long [value]`, `--no-thing`. */
  flags: string;
  kind: ValueKind;
  help: string;
  /** Help where a command means something narrower by it. */
  helpFor?: Partial<Record<CommandName, string>>;
  commands: readonly CommandName[];
  /** Commands for which the option must be given. */
  required?: readonly CommandName[];
  /** The key in mcp-assay.config.yaml, as `block.key`. */
  config?: `${'check' | 'reports' | 'eval'}.${string}`;
  /** Commands that read that key when the flag is absent (all of `commands` when not given). */
  configIn?: readonly CommandName[];
  /** Why there is no config key (a property of one invocation, not of a project). Exactly one of config and flagOnly. */
  flagOnly?: string;
  default?: string | number | boolean;
  /** Accepted values of each list item (config and flag alike), with the message for any other. */
  choices?: { values: readonly string[]; message: string };
  /** A pattern a string value must match (config and flag alike), with the message for a miss. */
  pattern?: { regex: string; message: string };
  /** Inclusive bounds of a number (config and flag alike). */
  range?: readonly [number, number];
  /** A report file written by this reporter (its id in reporters/formats.ts). */
  reporter?: ReporterId;
}

const TARGETED = ['check', 'contracts', 'snapshot', 'list', 'call', 'read', 'prompt', 'inventory', 'eval', 'eval init'] as const;
const LIVE = [...TARGETED, 'diff'] as const;
const ONE_RUN = 'a property of one invocation';
const GATE = ['check', 'gate', 'eval'] as const;
/** Commands whose report files the config's `reports:` block names. */
const REPORTING = ['check', 'contracts', 'eval'] as const;
const GATE_ONLY = 'set per pipeline step, next to --baseline';

/** Commands beyond check, contracts and eval that take a report-file flag, and what it means there. */
const FILE_FLAG_ELSEWHERE: { [K in ReportFileKey]?: Pick<OptionDecl, 'commands' | 'helpFor'> } = {
  json: {
    commands: ['diff', 'history', 'eval calibrate'],
    helpFor: { diff: 'write the changes as JSON', history: 'write the moves and their causes as JSON', 'eval calibrate': 'write the calibration as JSON' },
  },
  md: {
    commands: ['diff', 'merge'],
    helpFor: {
      check: 'write a Markdown report (fits a CI job summary)',
      diff: 'write Markdown fit for a pull-request comment',
      merge: 'also write it as Markdown',
    },
  },
  html: {
    commands: ['gate', 'merge'],
    helpFor: { gate: 'write the report as self-contained HTML, with the trend from the history', merge: 'also write the merged report as HTML' },
  },
  sarif: {
    commands: ['gate', 'merge'],
    helpFor: { gate: 'write contract and security findings as SARIF 2.1.0', merge: 'also write its contract and security findings as SARIF 2.1.0' },
  },
};

type ReportFileOption = OptionDecl & { kind: 'path'; config: `reports.${ReportFileKey}`; reporter: ReporterId };

/** An option per reporter that writes a file, in the order of reporters/formats.ts: `--<key> <file>` and `reports.<key>`. */
function reportFileOptions(): Record<ReportFileKey, ReportFileOption> {
  const out: Partial<Record<ReportFileKey, ReportFileOption>> = {};
  for (const [id, d] of Object.entries(REPORTER_DECLS) as [ReporterId, ReporterDecl][]) {
    if (!d.file) continue;
    const key = d.file.key as ReportFileKey;
    const elsewhere = FILE_FLAG_ELSEWHERE[key];
    out[key] = {
      flags: `--${key} <file>`,
      kind: 'path',
      help: d.file.help,
      ...(elsewhere?.helpFor ? { helpFor: elsewhere.helpFor } : {}),
      commands: [...REPORTING, ...(elsewhere?.commands ?? [])],
      config: `reports.${key}`,
      ...(elsewhere ? { configIn: REPORTING } : {}),
      reporter: id,
    };
  }
  return out as Record<ReportFileKey, ReportFileOption>;
}

export const OPTIONS = {
  header: {
    flags: '-H, --header <header>',
    kind: 'strings',
    help: "HTTP header 'Name: value' (repeatable)",
    helpFor: { check: "HTTP header 'Name: value' (repeatable), e.g. Authorization" },
    commands: TARGETED,
    flagOnly: 'servers.NAME.headers configures a named server',
  },
  env: {
    flags: '-e, --env <pair>',
    kind: 'strings',
    help: 'environment variable KEY=value for a stdio server (repeatable; values are masked)',
    commands: TARGETED,
    flagOnly: 'servers.NAME.env configures a named server',
  },
  cwd: {
    flags: '--cwd <dir>',
    kind: 'string',
    help: 'working directory of a stdio server',
    commands: TARGETED,
    flagOnly: 'servers.NAME.cwd configures a named server',
  },
  server: {
    flags: '-s, --server <name>',
    kind: 'strings',
    help: 'a server named in mcp-assay.config.yaml (repeatable)',
    commands: TARGETED,
    flagOnly: 'names a server of the config',
  },
  from: {
    flags: '--from <file[#name]>',
    kind: 'strings',
    help: 'a server from an MCP client config (mcpServers) or a registry server.json (repeatable)',
    commands: TARGETED,
    flagOnly: ONE_RUN,
  },
  config: {
    flags: '-c, --config <file>',
    kind: 'string',
    help: 'config file (default: ./mcp-assay.config.yaml when present)',
    helpFor: { diff: 'config file', 'eval calibrate': 'config file' },
    commands: [...TARGETED, 'diff', 'eval calibrate'],
    flagOnly: 'names the config file itself',
  },
  timeout: {
    flags: '--timeout <ms>',
    kind: 'ms',
    help: 'per-request timeout (default 10000)',
    helpFor: { diff: 'per-request timeout for live sides' },
    commands: LIVE,
    config: 'check.timeout',
    default: DEFAULT_REQUEST_TIMEOUT_MS,
  },
  deadline: {
    flags: '--deadline <ms>',
    kind: 'ms',
    help: 'overall deadline per target (default 120000)',
    helpFor: {
      list: 'overall deadline (default 120000)',
      call: 'overall deadline (default 120000)',
      read: 'overall deadline (default 120000)',
      prompt: 'overall deadline (default 120000)',
    },
    commands: ['check', 'list', 'call', 'read', 'prompt'],
    config: 'check.deadline',
    default: 120_000,
  },
  ...reportFileOptions(),
  list: { flags: '--list', kind: 'switch', help: 'print the check catalogue and exit', commands: ['check'], flagOnly: ONE_RUN },
  strict: { flags: '--strict', kind: 'switch', help: 'a SHOULD miss fails instead of warning', commands: ['check'], config: 'check.strict', default: false },
  require: {
    flags: '--require <revision>',
    kind: 'strings',
    help: 'grade a 2025-era server by this revision too (2026-07-28): its misses fail instead of going to the migration section',
    commands: ['check'],
    config: 'check.require',
    choices: { values: ['2026-07-28'], message: 'the only revision that can be required is 2026-07-28' },
  },
  failOnContracts: {
    flags: '--fail-on-contracts',
    kind: 'switch',
    help: 'error-level tool-contract findings fail the run (by default the exit code is about the protocol)',
    commands: ['check'],
    config: 'check.failOnContracts',
    default: false,
  },
  only: {
    flags: '--only <prefix>',
    kind: 'strings',
    help: 'run only checks whose id starts with this (repeatable)',
    commands: ['check'],
    config: 'check.only',
  },
  skip: { flags: '--skip <prefix>', kind: 'strings', help: 'skip checks whose id starts with this (repeatable)', commands: ['check'], config: 'check.skip' },
  allowTool: {
    flags: '--allow-tool <glob>',
    kind: 'strings',
    help: 'allow calling tools matching this glob although they may write (repeatable)',
    commands: ['check', 'call'],
    config: 'check.allowTools',
    configIn: ['check'],
  },
  toolArgs: {
    flags: '--tool-args <json>',
    kind: 'tool-args',
    help: 'arguments per tool: JSON or @file.json, e.g. {"get_ticket":{"id":"T-1"}}',
    commands: ['check'],
    config: 'check.toolArgs',
  },
  authOtherAudienceToken: {
    flags: '--auth-other-audience-token <token>',
    kind: 'string',
    help: 'a token issued for another server, which a protected server must refuse (masked)',
    commands: ['check'],
    flagOnly: 'a secret: never written to a file',
  },
  authExpiredToken: {
    flags: '--auth-expired-token <token>',
    kind: 'string',
    help: 'an expired token, which a protected server must refuse (masked)',
    commands: ['check'],
    flagOnly: 'a secret: never written to a file',
  },
  concurrency: {
    flags: '--concurrency <n>',
    kind: 'count',
    help: 'checks run at once per target',
    commands: ['check'],
    default: 8,
    flagOnly: 'a property of the machine that runs it',
  },
  color: {
    flags: '--no-color',
    kind: 'negatable',
    help: 'no ANSI colours',
    commands: ['check', 'contracts', 'diff', 'eval', 'demo'],
    flagOnly: 'a property of the terminal (NO_COLOR and FORCE_COLOR are read too)',
  },
  verbose: {
    flags: '-v, --verbose',
    kind: 'switch',
    help: 'show wire evidence in the console',
    helpFor: {
      contracts: 'more detail',
      eval: 'every case and run',
      list: 'show every message on the wire (stderr)',
      call: 'show every message on the wire (stderr)',
      read: 'show every message on the wire (stderr)',
      prompt: 'show every message on the wire (stderr)',
    },
    commands: ['check', 'contracts', 'list', 'call', 'read', 'prompt', 'eval'],
    flagOnly: ONE_RUN,
  },
  contracts: {
    flags: '--no-contracts',
    kind: 'negatable',
    help: 'leave out the tool-contract analysis',
    commands: ['check'],
    flagOnly: 'check.skip: [contracts] does the same from the config',
  },
  baseline: {
    flags: '--baseline <file>',
    kind: 'string',
    help: 'gate this run against the last green baseline (exit code of the gate)',
    helpFor: { gate: 'the baseline of the last green run (written by --update-baseline)' },
    commands: GATE,
    required: ['gate'],
    flagOnly: GATE_ONLY,
  },
  history: {
    flags: '--history [file]',
    kind: 'optional-path',
    help: 'append this run to the run history (default .mcp-assay/history.jsonl)',
    commands: ['check', 'eval'],
    flagOnly: GATE_ONLY,
  },
  updateBaseline: {
    flags: '--update-baseline',
    kind: 'switch',
    help: 'write this run as the new baseline, only when the gate passed',
    commands: GATE,
    flagOnly: GATE_ONLY,
  },
  maxDrop: {
    flags: '--max-drop <fraction>',
    kind: 'fraction',
    help: 'smallest drop in pooled pass rate that is a regression (default 0.02)',
    commands: GATE,
    flagOnly: GATE_ONLY,
  },
  minRuns: { flags: '--min-runs <n>', kind: 'count', help: 'pooled runs needed on each side for a verdict (default 20)', commands: GATE, flagOnly: GATE_ONLY },
  criticalTag: {
    flags: '--critical-tag <tag>',
    kind: 'string',
    help: 'cases with this tag fail the gate when they fall from >=4/5 to <=2/5 (default critical)',
    commands: GATE,
    flagOnly: GATE_ONLY,
  },
  latencyBudgetMs: {
    flags: '--latency-budget-ms <ms>',
    kind: 'count',
    help: 'p95 latency may grow by this much and 20% (default 250)',
    commands: GATE,
    flagOnly: GATE_ONLY,
  },
  gateMd: {
    flags: '--gate-md <file>',
    kind: 'string',
    help: 'write the gate deltas as Markdown for a pull-request comment (under 60,000 characters)',
    commands: GATE,
    flagOnly: GATE_ONLY,
  },
  gateJson: { flags: '--gate-json <file>', kind: 'string', help: 'write the gate result as JSON', commands: GATE, flagOnly: GATE_ONLY },
  stepSummary: {
    flags: '--no-step-summary',
    kind: 'negatable',
    help: 'do not append to $GITHUB_STEP_SUMMARY',
    commands: GATE,
    flagOnly: 'GITHUB_STEP_SUMMARY decides where it goes',
  },
  report: { flags: '--report <file>', kind: 'string', help: 'the JSON report of this run', commands: ['gate'], required: ['gate'], flagOnly: ONE_RUN },
  gateHistory: {
    flags: '--history <file>',
    kind: 'string',
    help: 'run history this run is appended to',
    commands: ['gate'],
    default: '.mcp-assay/history.jsonl',
    flagOnly: GATE_ONLY,
  },
  noHistory: { flags: '--no-history', kind: 'negatable', help: 'do not append this run to the run history', commands: ['gate'], flagOnly: GATE_ONLY },
  output: {
    flags: '-o, --output <file>',
    kind: 'string',
    help: 'write here instead of stdout',
    helpFor: { merge: 'where to write the merged JSON report', 'eval init': 'where to write it (default golden/tasks.yaml)' },
    commands: ['merge', 'snapshot', 'inventory', 'eval init'],
    required: ['merge'],
    flagOnly: ONE_RUN,
  },
  append: { flags: '--append <report>', kind: 'string', help: 'first append this JSON report to the history file', commands: ['history'], flagOnly: ONE_RUN },
  allowBreaking: {
    flags: '--allow-breaking',
    kind: 'switch',
    help: 'do not fail on breaking changes',
    commands: ['diff'],
    flagOnly: 'an allowance needs its --reason, per change',
  },
  allowEscalation: {
    flags: '--allow-escalation',
    kind: 'switch',
    help: 'do not fail on risk escalations',
    commands: ['diff'],
    flagOnly: 'an allowance needs its --reason, per change',
  },
  allow: {
    flags: '--allow <subject>',
    kind: 'strings',
    help: 'accept every change to this tool (prompt:<name>, resource:<uri>, …) (repeatable)',
    commands: ['diff'],
    flagOnly: 'an allowance needs its --reason, per change',
  },
  reason: {
    flags: '--reason <text>',
    kind: 'string',
    help: 'why the allowed changes are accepted (shown in the output)',
    commands: ['diff'],
    flagOnly: ONE_RUN,
  },
  listJson: { flags: '--json', kind: 'switch', help: 'print the items as JSON', commands: ['list'], flagOnly: ONE_RUN },
  args: {
    flags: '--args <json>',
    kind: 'string',
    help: 'arguments: a JSON object or @file.json',
    helpFor: { prompt: 'prompt arguments (strings): a JSON object or @file.json' },
    commands: ['call', 'prompt'],
    flagOnly: ONE_RUN,
  },
  yes: { flags: '-y, --yes', kind: 'switch', help: 'allow this one call even if the tool may write', commands: ['call'], flagOnly: ONE_RUN },
  format: {
    flags: '--format <format>',
    kind: 'string',
    help: 'yaml, csv or json (default: from the -o extension, else yaml)',
    commands: ['inventory'],
    flagOnly: ONE_RUN,
  },
  policy: { flags: '--policy <file>', kind: 'string', help: 'policy YAML to enforce (exit 1 on a violation)', commands: ['inventory'], flagOnly: ONE_RUN },
  golden: {
    flags: '-g, --golden <file>',
    kind: 'path',
    help: 'golden set (default golden/tasks.yaml, or eval.golden in the config)',
    commands: ['eval'],
    config: 'eval.golden',
    default: 'golden/tasks.yaml',
  },
  model: {
    flags: '-m, --model <provider:model>',
    kind: 'strings',
    help: 'model to evaluate, e.g. openai:gpt-4.1-mini or anthropic:claude-sonnet-4-5 (repeatable)',
    helpFor: { 'eval init': 'draft the prompts with this model' },
    commands: ['eval', 'eval init'],
    flagOnly: 'eval.models lists the models with their endpoints and keys',
  },
  runs: { flags: '-n, --runs <n>', kind: 'count', help: 'runs per case (default 5)', commands: ['eval'], config: 'eval.runs', default: 5, range: [1, 100] },
  evalConcurrency: {
    flags: '--concurrency <n>',
    kind: 'count',
    help: 'runs at once (default 4)',
    commands: ['eval'],
    config: 'eval.concurrency',
    default: 4,
    range: [1, 64],
  },
  evalAllowTool: {
    flags: '--allow-tool <glob>',
    kind: 'strings',
    help: 'execute this tool although it may write (otherwise simulated) (repeatable)',
    commands: ['eval'],
    config: 'eval.allowTools',
  },
  system: {
    flags: '--system <text>',
    kind: 'string',
    help: "system prompt (default: the golden set's `system`, else a documented default)",
    commands: ['eval'],
    config: 'eval.system',
  },
  record: { flags: '--record <dir>', kind: 'string', help: 'write a cassette per model of every answer', commands: ['eval'], flagOnly: ONE_RUN },
  replay: { flags: '--replay <dir>', kind: 'string', help: 'answer from cassettes in this folder; no model is asked', commands: ['eval'], flagOnly: ONE_RUN },
  judge: {
    flags: '--judge <provider:model>',
    kind: 'string',
    help: 'judge task completion of cases with a `judge: {rubric}` (advisory unless --judge-gates)',
    helpFor: { 'eval calibrate': 'the judge model (required)' },
    commands: ['eval', 'eval calibrate'],
    flagOnly: 'a judge may gate only after `eval calibrate`, so it is named per run',
  },
  judgeGates: {
    flags: '--judge-gates',
    kind: 'switch',
    help: 'a judge fail fails the run (only after `eval calibrate` showed kappa >= 0.6)',
    commands: ['eval'],
    flagOnly: 'a judge may gate only after `eval calibrate`, so it is named per run',
  },
  semantic: {
    flags: '--semantic <via:provider:model>',
    kind: 'string',
    help: 'how `semantic` arguments are compared: embeddings:openai:MODEL (cosine >= threshold, default 0.85) or judge:provider:MODEL (yes/no); default: lexical fallback',
    commands: ['eval'],
    config: 'eval.semantic',
    pattern: {
      regex: '^(embeddings|judge):[a-z][a-z0-9-]*:\\S+$',
      message: 'write embeddings:openai:MODEL or judge:provider:MODEL, e.g. embeddings:openai:text-embedding-3-small',
    },
  },
  cache: {
    flags: '--no-cache',
    kind: 'negatable',
    help: 'run everything fresh (the cache is .mcp-assay/cache)',
    commands: ['eval'],
    config: 'eval.cache',
    default: true,
  },
  shard: {
    flags: '--shard <i/n>',
    kind: 'string',
    help: 'run only shard i of n: a deterministic, balanced slice of cases × models (join the reports with `mcp-assay merge`)',
    commands: ['eval'],
    flagOnly: 'a property of one CI matrix job',
  },
  labels: {
    flags: '--labels <file>',
    kind: 'string',
    help: 'YAML list of {id, task, rubric, answer, label: pass|fail} (required)',
    commands: ['eval calibrate'],
    flagOnly: ONE_RUN,
  },
  force: { flags: '--force', kind: 'switch', help: 'overwrite an existing file', commands: ['eval init'], flagOnly: ONE_RUN },
  out: { flags: '--out <dir>', kind: 'string', help: 'report folder', commands: ['demo'], default: 'assay-report', flagOnly: ONE_RUN },
} as const satisfies Record<string, OptionDecl>;

export type OptionId = keyof typeof OPTIONS;

/** Config keys with no flag: structure or settings of a project rather than of one run. */
export const CONFIG_ONLY: Readonly<Record<string, string>> = {
  'reports.dir': 'a folder for reports of a project',
  'eval.maxTurns': 'a property of the golden set',
  'eval.timeout': 'the model request timeout, set with the models',
  'eval.runTimeout': 'the whole-run limit of one case, set with the golden set',
  'eval.cacheDir': 'where a project keeps its cache',
  'eval.models': 'endpoints and key variables per model (-m picks among them)',
  'eval.prices': 'a project price table',
  'eval.pricesDate': 'the date of that price table',
};

/** The options `command` takes, in table order (which is the order of its --help). */
export function optionsOf(command: CommandName): [OptionId, OptionDecl][] {
  return (Object.entries(OPTIONS) as [OptionId, OptionDecl][]).filter(([, d]) => d.commands.includes(command));
}

/** The options that mirror a key of one config block, by the key's name in that block. */
export function configKeysOf(block: 'check' | 'reports' | 'eval'): Map<string, OptionDecl> {
  const keys = new Map<string, OptionDecl>();
  for (const d of Object.values(OPTIONS) as OptionDecl[]) if (d.config?.startsWith(`${block}.`)) keys.set(d.config.slice(block.length + 1), d);
  return keys;
}

/** The name commander gives an option's value: `--allow-tool` -> allowTool, `--no-color` -> color. */
export function attributeOf(d: OptionDecl): string {
  const long = /--(?:no-)?([a-z0-9-]+)/i.exec(d.flags)![1]!;
  return long.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Report files and the reporter that writes each, in the order of reporters/formats.ts (json, junit, md, html, sarif, …). */
export type { ReportFileKey };
export const REPORT_FILES = (Object.entries(OPTIONS) as [OptionId, OptionDecl][]).filter(
  (e): e is [ReportFileKey, OptionDecl & { reporter: NonNullable<OptionDecl['reporter']> }] => e[1].reporter !== undefined,
);
