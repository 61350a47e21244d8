#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { terminalText } from '../core/escape.js';
import { describeInternalError, setDebug } from '../core/internal-error.js';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config/index.js';
import { EXIT } from '../core/summary.js';
import { killAllNow } from '../target/children.js';
import { buildProgram, CommanderError } from './program.js';
import { UsageError } from './usage-error.js';
import { extractWatch, watchLoop } from './watch.js';

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. Never calls process.exit. */
export async function main(argv: string[]): Promise<number> {
  try {
    const w = extractWatch(argv);
    if (w) return await watchLoop(w, { execPath: process.execPath, argv: [...process.execArgv, process.argv[1] ?? ''] });
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`mcp-assay: ${e.message}\n`);
    return EXIT.usage;
  }
  let pending: Promise<number> | undefined;
  // --debug is read before commander so that it applies whatever the command, and to errors while parsing.
  const dashes = argv.indexOf('--');
  setDebug((dashes < 0 ? argv : argv.slice(0, dashes)).includes('--debug'));
  const program = buildProgram((p) => {
    pending = p;
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
    if (e instanceof UsageError || e instanceof ConfigError) {
      process.stderr.write(`mcp-assay: ${terminalText(e.message)}\n`);
      return EXIT.usage;
    }
    process.stderr.write(`mcp-assay: internal error: ${terminalText(describeInternalError(e))}\n`);
    return EXIT.inconclusive;
  }
}

function onSignal(sig: NodeJS.Signals): void {
  killAllNow();
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
  killAllNow();
  // Exit once stdout is flushed: a lingering socket of a hostile server must not keep us alive.
  process.stdout.write('', () => process.exit(code));
}
