#!/usr/bin/env node
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { VERSION } from '../version.js';
import { UsageError } from './usage-error.js';
import { extractWatch, watchLoop } from './watch.js';

type Api = typeof import('../index.js');
/** The public API, once a command needed it; `--help` and `--version` never load it. */
let api: Api | undefined;
const loadApi = async (): Promise<Api> => (api ??= await import('../index.js'));

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. Never calls process.exit. */
export async function main(argv: string[]): Promise<number> {
  // The most frequent probe of an install answers before anything else loads.
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`${VERSION}\n`);
    return 0; // EXIT.ok: even the exit-code table loads after this
  }
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    const help = storedHelp();
    if (help !== undefined) {
      process.stdout.write(help);
      return 0;
    }
  }
  // undici parses HTTP with a WebAssembly build of llhttp: optimising it costs about 0.13 s of CPU on background threads
  // in every run that makes a request (a third of a core while the checks load), for parsing that baseline code does as
  // fast at these sizes. Set before the first module is compiled; the CLI's own process only, never a library user's.
  (await import('node:v8')).setFlagsFromString('--liftoff-only');
  // `check -- <command>` starts the server's own process now, `check <url>` sends its first request: either overlaps loading the checks.
  if (argv[0] === 'check') await (await import('../head-start.js')).startAhead(argv);
  const { EXIT } = await import('../options.js');
  try {
    const w = extractWatch(argv);
    if (w) return await watchLoop(w, { execPath: process.execPath, argv: [...process.execArgv, process.argv[1] ?? ''] });
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`mcp-assay: ${e.message}\n`);
    return EXIT.usage;
  }
  // Commander and the option table load after the --version fast path.
  const { buildProgram, CommanderError } = await import('./program.js');
  let pending: Promise<number> | undefined;
  // --debug is read before commander so that it applies whatever the command, and to errors while parsing.
  const dashes = argv.indexOf('--');
  const debug = (dashes < 0 ? argv : argv.slice(0, dashes)).includes('--debug');
  // Stack traces then name the TypeScript sources (the build's source maps); only then, since reading maps costs start-up.
  if (debug) process.setSourceMapsEnabled(true);
  if (debug || api) (await loadApi()).setDebug(debug);
  // A command's module (and the API under it) loads only once commander has picked that command.
  const program = buildProgram((inv) => {
    // diff loads the public API only if a side is a live server (a diff of two snapshot files never needs it).
    pending = (inv.command === 'diff' ? Promise.resolve() : loadApi()).then(async () => (await import('./dispatch.js')).runCommand(inv));
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    if (!pending) {
      program.outputHelp();
      return EXIT.usage;
    }
    return await pending;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end here too, with code 0.
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const { ConfigError, describeInternalError, terminalText } = await loadApi();
    if (e instanceof UsageError || e instanceof ConfigError) {
      process.stderr.write(`mcp-assay: ${terminalText(e.message)}\n`);
      return EXIT.usage;
    }
    process.stderr.write(`mcp-assay: internal error: ${terminalText(describeInternalError(e))}\n`);
    return EXIT.inconclusive;
  }
}

/** The top-level help `npm run build` stored (commander's own text, 80 columns, no colour), where it is what commander would print. */
function storedHelp(): string | undefined {
  // A terminal of another width wraps differently; run from the sources (no build), nothing is stored.
  if (process.stdout.isTTY && process.stdout.columns !== 80) return undefined;
  try {
    return readFileSync(new URL('./generated/top-help.txt', import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
}

function onSignal(sig: NodeJS.Signals): void {
  // No command loaded the API yet: then no server was started either.
  api?.killAllNow();
  process.exit(sig === 'SIGINT' ? 130 : 143);
}

function invokedDirectly(): boolean {
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1] ?? '')).href;
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const code = await main(process.argv.slice(2));
  api?.killAllNow();
  // Exit once stdout is flushed: a lingering socket of a hostile server must not keep us alive.
  process.stdout.write('', () => process.exit(code));
}
