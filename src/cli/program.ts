import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { VERSION } from '../version.js';
import type { CheckCommandOptions } from './check-command.js';
import type { ContractsCommandOptions } from './contracts-command.js';
import type { SnapshotOptions } from './snapshot-command.js';
import type { DiffOptions } from './diff-command.js';
import { gateOptions } from './gate-options.js';
import type { GateCommandOptions } from './gate-command.js';
import type { HistoryOptions } from './history-command.js';
import type { MergeOptions } from './merge-command.js';
import { addQuickCommands } from './quick-program.js';
import type { InventoryOptions } from './inventory-command.js';
import { registerEval } from './eval-program.js';

const collect = (v: string, prev: string[]) => [...prev, v];

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive whole number of milliseconds');
  return n;
}

/** `--tool-args` takes JSON (`{"tool": {"arg": 1}}`) or `@file.json`. */
function toolArgs(v: string): Record<string, Record<string, unknown>> {
  let text = v;
  if (v.startsWith('@')) {
    try {
      text = readFileSync(v.slice(1), 'utf8');
    } catch (e) {
      throw new InvalidArgumentError(`cannot read ${v.slice(1)}: ${(e as Error).message}`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new InvalidArgumentError(`not JSON: ${(e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((a) => !a || typeof a !== 'object' || Array.isArray(a)))
    throw new InvalidArgumentError('expected an object of tool name -> arguments object, e.g. {"get_ticket": {"id": "T-1"}}');
  return parsed as Record<string, Record<string, unknown>>;
}

export type CommandResult = { exitCode: number };

/** The commander program; `run` receives the exit code of the command that ran. */
export function buildProgram(run: (code: Promise<number>) => void): Command {
  const program = new Command('mcp-assay')
    .description('Tests MCP servers: protocol conformance (2026-07-28 and the 2025 era), tool contracts, model behaviour.')
    .version(VERSION)
    .option('--debug', 'show stack traces of internal errors (otherwise one line each)')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\nAny command reruns on file changes with --watch PATHS (comma-separated or repeated), after --rebuild "CMD" when given.')
    .exitOverride();

  program
    .command('check')
    .description('check a server for conformance: a URL (Streamable HTTP), a command after -- (stdio), or --server NAME from the config')
    .argument('[target...]', 'http(s) URL, or -- followed by the command that starts a stdio server')
    .option('-H, --header <header>', "HTTP header 'Name: value' (repeatable), e.g. Authorization", collect, [])
    .option('-e, --env <pair>', 'environment variable KEY=value for a stdio server (repeatable; values are masked)', collect, [])
    .option('--cwd <dir>', 'working directory of a stdio server')
    .option('-s, --server <name>', 'a server named in mcp-assay.config.yaml (repeatable)', collect, [])
    .option('--from <file[#name]>', 'a server from an MCP client config (mcpServers) or a registry server.json (repeatable)', collect, [])
    .option('-c, --config <file>', 'config file (default: ./mcp-assay.config.yaml when present)')
    .option('--timeout <ms>', 'per-request timeout (default 10000)', positiveInt)
    .option('--deadline <ms>', 'overall deadline per target (default 120000)', positiveInt)
    .option('--json <file>', 'write the JSON report')
    .option('--junit <file>', 'write a JUnit XML report')
    .option('--md <file>', 'write a Markdown report (fits a CI job summary)')
    .option('--html <file>', 'write a self-contained HTML report')
    .option('--sarif <file>', 'write contract and security findings as SARIF 2.1.0 (GitHub code scanning)')
    .option('--list', 'print the check catalogue and exit')
    .option('--only <prefix>', 'run only checks whose id starts with this (repeatable)', collect, [])
    .option('--skip <prefix>', 'skip checks whose id starts with this (repeatable)', collect, [])
    .option('--strict', 'a SHOULD miss fails instead of warning')
    .option('--require <revision>', 'grade a 2025-era server by this revision too (2026-07-28): its misses fail instead of going to the migration section', collect, [])
    .option('--fail-on-contracts', 'error-level tool-contract findings fail the run (by default the exit code is about the protocol)')
    .option('--allow-tool <glob>', 'allow calling tools matching this glob although they may write (repeatable)', collect, [])
    .option('--tool-args <json>', 'arguments per tool: JSON or @file.json, e.g. {"get_ticket":{"id":"T-1"}}', toolArgs)
    .option('--auth-other-audience-token <token>', 'a token issued for another server, which a protected server must refuse (masked)')
    .option('--auth-expired-token <token>', 'an expired token, which a protected server must refuse (masked)')
    .addOption(new Option('--concurrency <n>', 'checks run at once per target').default(8).argParser(positiveInt))
    .option('--no-color', 'no ANSI colours')
    .option('-v, --verbose', 'show wire evidence in the console')
    .option('--no-contracts', 'leave out the tool-contract analysis')
    .option('--baseline <file>', 'gate this run against the last green baseline (exit code of the gate)')
    .option('--history [file]', 'append this run to the run history (default .mcp-assay/history.jsonl)');
  gateOptions(program.commands.at(-1)!).action((operands: string[], o: CheckCommandOptions) => run(import('./check-command.js').then((m) => m.checkCommand(operands, o))));

  gateOptions(
    program
      .command('gate')
      .description('compare a report with the last green baseline: flips, stale accepted failures, pooled pass rates, telemetry')
      .requiredOption('--report <file>', 'the JSON report of this run')
      .requiredOption('--baseline <file>', 'the baseline of the last green run (written by --update-baseline)')
      .option('--history <file>', 'run history this run is appended to', '.mcp-assay/history.jsonl')
      .option('--no-history', 'do not append this run to the run history')
      .option('--html <file>', 'write the report as self-contained HTML, with the trend from the history')
      .option('--sarif <file>', 'write contract and security findings as SARIF 2.1.0'),
  ).action((o: GateCommandOptions) => run(import('./gate-command.js').then((m) => m.gateCommand(o))));

  program
    .command('merge')
    .description('combine the reports of the shards of one run (--shard i/n) into the report an unsharded run would write')
    .argument('<reports...>', 'the JSON reports of every shard')
    .requiredOption('-o, --output <file>', 'where to write the merged JSON report')
    .option('--html <file>', 'also write the merged report as HTML')
    .option('--sarif <file>', 'also write its contract and security findings as SARIF 2.1.0')
    .option('--md <file>', 'also write it as Markdown')
    .action((files: string[], o: MergeOptions) => run(import('./merge-command.js').then((m) => m.mergeCommand(files, o))));

  program
    .command('history')
    .description('pass rate per model and per case over time, and what changed at every move (catalogue, golden set, model, or nothing visible)')
    .argument('[source]', 'a history file (JSONL) or a directory of JSON reports', '.mcp-assay/history.jsonl')
    .option('--append <report>', 'first append this JSON report to the history file')
    .option('--json <file>', 'write the moves and their causes as JSON')
    .action((source: string, o: HistoryOptions) => run(import('./history-command.js').then((m) => m.historyCommand(source, o))));

  const targetOptions = (c: Command) =>
    c
      .option('-H, --header <header>', "HTTP header 'Name: value' (repeatable)", collect, [])
      .option('-e, --env <pair>', 'environment variable KEY=value for a stdio server (repeatable; values are masked)', collect, [])
      .option('--cwd <dir>', 'working directory of a stdio server')
      .option('-s, --server <name>', 'a server named in mcp-assay.config.yaml (repeatable)', collect, [])
      .option('--from <file[#name]>', 'a server from an MCP client config (mcpServers) or a registry server.json (repeatable)', collect, [])
      .option('-c, --config <file>', 'config file (default: ./mcp-assay.config.yaml when present)')
      .option('--timeout <ms>', 'per-request timeout (default 10000)', positiveInt);

  targetOptions(
    program
      .command('contracts')
      .description('tool contracts of a server or a snapshot file: risk inventory, risk rules, description lint, poisoning scan')
      .argument('[target...]', 'a snapshot file, an http(s) URL, or -- followed by the command of a stdio server'),
  )
    .option('--json <file>', 'write the JSON report')
    .option('--junit <file>', 'write a JUnit XML report')
    .option('--md <file>', 'write a Markdown report')
    .option('--html <file>', 'write a self-contained HTML report')
    .option('--sarif <file>', 'write contract and security findings as SARIF 2.1.0 (GitHub code scanning)')
    .option('--no-color', 'no ANSI colours')
    .option('-v, --verbose', 'more detail')
    .action((operands: string[], o: ContractsCommandOptions) => run(import('./contracts-command.js').then((m) => m.contractsCommand(operands, o))));

  targetOptions(
    program
      .command('snapshot')
      .description('write the canonical tool catalogue of a server (byte-stable: commit it and review it like a lockfile)')
      .argument('[target...]', 'an http(s) URL, or -- followed by the command of a stdio server'),
  )
    .option('-o, --output <file>', 'write here instead of stdout')
    .action((operands: string[], o: SnapshotOptions) => run(import('./snapshot-command.js').then((m) => m.snapshotCommand(operands, o))));

  program
    .command('diff')
    .description('classify catalogue changes as breaking, risk escalation or non-breaking; exit 1 on any not allowed')
    .argument('<old>', 'a snapshot file or a URL')
    .argument('<new...>', 'a snapshot file, a URL, or -- followed by the command of a stdio server')
    .option('-c, --config <file>', 'config file')
    .option('--timeout <ms>', 'per-request timeout for live sides', positiveInt)
    .option('--md <file>', 'write Markdown fit for a pull-request comment')
    .option('--json <file>', 'write the changes as JSON')
    .option('--allow-breaking', 'do not fail on breaking changes')
    .option('--allow-escalation', 'do not fail on risk escalations')
    .option('--allow <subject>', 'accept every change to this tool (prompt:<name>, resource:<uri>, …) (repeatable)', collect, [])
    .option('--reason <text>', 'why the allowed changes are accepted (shown in the output)')
    .option('--no-color', 'no ANSI colours')
    .action((oldSide: string, newSide: string[], o: DiffOptions) => run(import('./diff-command.js').then((m) => m.diffCommand([oldSide, ...newSide], o))));

  addQuickCommands(program, targetOptions, run);

  targetOptions(
    program
      .command('inventory')
      .description('tool inventory of one or more servers (YAML, CSV or JSON); --policy enforces which risk classes, approvals and receipts are allowed')
      .argument('[target...]', 'snapshot files, an http(s) URL, or -- followed by the command of a stdio server; --from FILE takes every server in a client config'),
  )
    .option('--format <format>', 'yaml, csv or json (default: from the -o extension, else yaml)')
    .option('-o, --output <file>', 'write here instead of stdout')
    .option('--policy <file>', 'policy YAML to enforce (exit 1 on a violation)')
    .action((operands: string[], o: InventoryOptions) => run(import('./inventory-command.js').then((m) => m.inventoryCommand(operands, o))));
  registerEval(program, targetOptions, run);

  program
    .command('demo')
    .description('check the bundled example servers (correct and flawed) over HTTP and stdio; writes ./assay-report/')
    .option('--out <dir>', 'report folder', 'assay-report')
    .option('--no-color', 'no ANSI colours')
    .action((o: { out: string; color?: boolean }) => run(import('./demo.js').then((m) => m.demoCommand(o))));

  return program;
}

export { CommanderError };
