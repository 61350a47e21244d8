import { Command, CommanderError } from 'commander';
import type { CommandName } from '../options.js';
import { VERSION } from '../version.js';
import { addOptions } from './option-flags.js';

/** What a command's action hands to `run`: its name, operands, raw options and commander's record of where each came from. */
export interface Invocation {
  command: CommandName;
  operands: string[];
  options: Record<string, unknown>;
  /** Option attributes given on the command line (the rest hold defaults or nothing). */
  given: ReadonlySet<string>;
  /** The whole command line as given. */
  argv: readonly string[];
  /** Options of the parent command (`eval` for `eval init` and `eval calibrate`). */
  parent?: Record<string, unknown>;
}

interface CommandDecl {
  name: CommandName;
  description: string;
  /** Commander argument syntax and help, in order. */
  args: [string, string, string?][];
}

/** Every command: name, description, operands. Its options come from the option table. */
const COMMANDS: CommandDecl[] = [
  {
    name: 'check',
    description: 'check a server for conformance: a URL (Streamable HTTP), a command after -- (stdio), or --server NAME from the config',
    args: [['[target...]', 'http(s) URL, or -- followed by the command that starts a stdio server']],
  },
  { name: 'gate', description: 'compare a report with the last green baseline: flips, stale accepted failures, pooled pass rates, telemetry', args: [] },
  {
    name: 'merge',
    description: 'combine the reports of the shards of one run (--shard i/n) into the report an unsharded run would write',
    args: [['<reports...>', 'the JSON reports of every shard']],
  },
  {
    name: 'history',
    description: 'pass rate per model and per case over time, and what changed at every move (catalogue, golden set, model, or nothing visible)',
    args: [['[source]', 'a history file (JSONL) or a directory of JSON reports', '.mcp-assay/history.jsonl']],
  },
  {
    name: 'contracts',
    description: 'tool contracts of a server or a snapshot file: risk inventory, risk rules, description lint, poisoning scan',
    args: [['[target...]', 'a snapshot file, an http(s) URL, or -- followed by the command of a stdio server']],
  },
  {
    name: 'snapshot',
    description: 'write the canonical tool catalogue of a server (byte-stable: commit it and review it like a lockfile)',
    args: [['[target...]', 'an http(s) URL, or -- followed by the command of a stdio server']],
  },
  {
    name: 'diff',
    description: 'classify catalogue changes as breaking, risk escalation or non-breaking; exit 1 on any not allowed',
    args: [
      ['<old>', 'a snapshot file or a URL'],
      ['<new...>', 'a snapshot file, a URL, or -- followed by the command of a stdio server'],
    ],
  },
  {
    name: 'list',
    description: 'list what a server offers: tools (with risk class), resources, templates, prompts',
    args: [['[operands...]', '<url> [tools|resources|templates|prompts], or [kind] -- command args']],
  },
  {
    name: 'call',
    description: 'call one tool; its result is validated against the outputSchema (exit 1 if invalid or isError)',
    args: [['[operands...]', '<url> TOOL, or TOOL -- command args']],
  },
  { name: 'read', description: 'read one resource', args: [['[operands...]', '<url> URI, or URI -- command args']] },
  { name: 'prompt', description: 'get one prompt', args: [['[operands...]', '<url> NAME, or NAME -- command args']] },
  {
    name: 'inventory',
    description: 'tool inventory of one or more servers (YAML, CSV or JSON); --policy enforces which risk classes, approvals and receipts are allowed',
    args: [
      ['[target...]', 'snapshot files, an http(s) URL, or -- followed by the command of a stdio server; --from FILE takes every server in a client config'],
    ],
  },
  {
    name: 'eval',
    description:
      "run a golden set of natural-language tasks through models with the server's tools, N runs per case; score selection, arguments, sequences and over-triggering",
    args: [['[target...]', 'an http(s) URL, or -- followed by the command that starts a stdio server']],
  },
  {
    name: 'eval calibrate',
    description: "judge accuracy and Cohen's kappa against human-labelled examples; exit 0 when the judge may gate (kappa >= 0.6 on >= 30 items)",
    args: [],
  },
  {
    name: 'eval init',
    description: 'write a starter golden set from the live catalogue: a case per tool and four negative ones',
    args: [['[target...]', 'an http(s) URL, or -- and a command']],
  },
  { name: 'demo', description: 'check the bundled example servers (correct and flawed) over HTTP and stdio; writes ./assay-report/', args: [] },
];

function invocation(name: CommandName, args: unknown[]): Invocation {
  const cmd = args.at(-1) as Command;
  const options = cmd.opts();
  const given = new Set(Object.keys(options).filter((k) => cmd.getOptionValueSource(k) === 'cli'));
  // Commander passes each declared argument, then the options and the command; variadic ones arrive as arrays.
  const operands = (args.slice(0, -2) as (string | string[] | undefined)[]).flatMap((a) => (a === undefined ? [] : a));
  let root = cmd;
  while (root.parent) root = root.parent;
  const argv = (root as unknown as { rawArgs?: string[] }).rawArgs ?? [];
  return { command: name, operands, options, given, argv, ...(cmd.parent && cmd.parent.name() !== 'mcp-assay' ? { parent: cmd.parent.opts() } : {}) };
}

/** The commander program; `run` receives the invocation of the command that was picked (it loads and runs it). */
export function buildProgram(run: (inv: Invocation) => void): Command {
  const program = new Command('mcp-assay')
    .description('Tests MCP servers: protocol conformance (2026-07-28 and the 2025 era), tool contracts, model behaviour.')
    .version(VERSION)
    .option('--debug', 'show stack traces of internal errors (otherwise one line each)')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\nAny command reruns on file changes with --watch PATHS (comma-separated or repeated), after --rebuild "CMD" when given.')
    .exitOverride();
  const byName = new Map<string, Command>([['', program]]);
  for (const d of COMMANDS) {
    const words = d.name.split(' ');
    const c = byName.get(words.slice(0, -1).join(' '))!.command(words.at(-1)!).description(d.description);
    for (const [syntax, help, dflt] of d.args) c.argument(syntax, help, dflt);
    addOptions(c, d.name).action((...args: unknown[]) => run(invocation(d.name, args)));
    byName.set(d.name, c);
  }
  return program;
}

export { CommanderError };
