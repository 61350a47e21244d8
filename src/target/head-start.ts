/**
 * A head start for a stdio server: `check -- <command>` starts the server's own process as soon as the CLI has read
 * its arguments, before it loads its checks, so the server's own start-up (often its SDK loading, half a second of
 * CPU) overlaps ours instead of following it. The transports adopt these processes untouched (nothing has been written
 * to them; their output waits in the pipes), so what a check judges is the same as for a process started later.
 *
 * Only when the run is sure to start exactly this command in exactly this way: no config file (it may narrow the
 * checks), only options that change neither the target nor the checks, and never through a launcher that may
 * install (two installs at once would race). Anything else starts as before.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { trackChild, killGroup, releaseTree } from './children.js';
import { ProcessTree } from './process-tree.js';
import { mayStartAhead } from './start-ahead.js';
import { settlesWithin } from './deadline.js';
import { CONFIG_FILE_NAMES } from '../core/config-file-names.js';

/** `check` options that change neither what is started nor which checks run, with whether they take a value. */
export const NEUTRAL_OPTIONS: Record<string, boolean> = {
  '--json': true,
  '--junit': true,
  '--md': true,
  '--sarif': true,
  '--html': true,
  '--github': true,
  '--timeout': true,
  '--deadline': true,
  '--concurrency': true,
  '--require': true,
  '--strict': false,
  '--no-color': false,
  '-v': false,
  '--verbose': false,
  '--fail-on-contracts': false,
  '--no-contracts': false,
};

/**
 * Copies started at once: the run's own process only. The 2025 handshake's copy (dual-era.ts) starts once the checks
 * have loaded, on the core our loading leaves free: started together, on 2 cores, the two start-ups and our loading
 * shared the CPU, and the first answer, which the listen windows wait for, came later.
 */
export const HEAD_START_COPIES = 1;

/** The server command of `argv` (`check [neutral options] -- command args…`), when a head start is safe; else undefined. */
export function headStartCommand(argv: readonly string[], cwd: string): { command: string; args: string[] } | undefined {
  if (argv[0] !== 'check') return undefined;
  const dashes = argv.indexOf('--');
  if (dashes < 0 || dashes + 1 >= argv.length) return undefined;
  for (let i = 1; i < dashes; i++) {
    const [flag, inline] = splitInline(argv[i]!);
    const takesValue = NEUTRAL_OPTIONS[flag];
    if (takesValue === undefined) return undefined;
    if (takesValue && inline === undefined) i++;
    if (!takesValue && inline !== undefined) return undefined;
  }
  if (CONFIG_FILE_NAMES.some((n) => existsSync(path.join(cwd, n)))) return undefined;
  const command = argv[dashes + 1]!;
  const args = argv.slice(dashes + 2);
  return mayStartAhead({ kind: 'stdio', command, args }) ? { command, args } : undefined;
}

export function splitInline(token: string): [string, string | undefined] {
  const eq = token.indexOf('=');
  return token.startsWith('--') && eq > 0 ? [token.slice(0, eq), token.slice(eq + 1)] : [token, undefined];
}

/** A process started ahead, with what happened to it before a transport took it. */
export interface EarlyChild {
  child: ChildProcess;
  tree: ProcessTree;
  error?: Error;
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  /** Gives the output held so far, then everything after it, to the transport that took the process; once. */
  handOver(to: { stdout: (c: Buffer) => void; stdoutEnd: () => void; stderr: (c: Buffer) => void }): void;
}

/** Output held for a transport not there yet; past this the pipe is paused (the server waits, nothing is lost). */
const HOLD_BYTES = 1024 * 1024;

interface Started {
  command: string;
  args: string[];
  children: EarlyChild[];
}

let started: Started | undefined;

/** Starts `copies` processes of the command in `argv`, when a head start is safe (see above); returns how many. */
export function startAhead(argv: readonly string[], cwd = process.cwd(), copies = HEAD_START_COPIES): number {
  const target = headStartCommand(argv, cwd);
  if (!target || started) return 0;
  started = { ...target, children: [] };
  for (let i = 0; i < copies; i++) started.children.push(spawnServer(target.command, target.args));
  return copies;
}

/** The same spawn a StdioTransport makes for a target without env or cwd (stdio.ts): own process group, marker env. */
export function spawnServer(command: string, args: readonly string[], env?: Record<string, string>, cwd?: string): EarlyChild {
  const tree = new ProcessTree();
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env, ...tree.env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  tree.setRoot(child.pid);
  // Never leaked: ended with our process even if no transport ever takes it.
  trackChild(child, tree);
  // Held until a transport takes it: unread output of a process that exits would otherwise be discarded.
  const held: { stream: 'stdout' | 'stderr' | 'end'; chunk?: Buffer }[] = [];
  let heldBytes = 0;
  const hold = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    held.push({ stream, chunk });
    heldBytes += chunk.length;
    if (heldBytes > HOLD_BYTES) child[stream]?.pause();
  };
  const holdOut = hold('stdout');
  const holdErr = hold('stderr');
  const holdEnd = () => held.push({ stream: 'end' });
  child.stdout?.on('data', holdOut).once('end', holdEnd);
  child.stderr?.on('data', holdErr);
  const early: EarlyChild = {
    child,
    tree,
    handOver(to) {
      child.stdout?.off('data', holdOut).off('end', holdEnd);
      child.stderr?.off('data', holdErr);
      for (const h of held.splice(0))
        if (h.stream === 'end') to.stdoutEnd();
        else to[h.stream](h.chunk!);
      child.stdout?.on('data', to.stdout).once('end', to.stdoutEnd).resume();
      child.stderr?.on('data', to.stderr).resume();
    },
  };
  child.once('error', (e) => (early.error ??= e));
  child.once('exit', (code, signal) => (early.exit ??= { code, signal }));
  return early;
}

/** A process started ahead for exactly this command, untouched, once; undefined when there is none. */
export function claimHeadStart(spec: { command: string; args: readonly string[]; env?: object; cwd?: string }): EarlyChild | undefined {
  if (!started || spec.env !== undefined || spec.cwd !== undefined) return undefined;
  if (spec.command !== started.command || spec.args.length !== started.args.length || spec.args.some((a, i) => a !== started!.args[i])) return undefined;
  return started.children.shift();
}

/** Ends the processes started ahead that no transport took (never written to): EOF, then signals. */
export async function releaseHeadStart(graceMs: number): Promise<void> {
  const left = started?.children.splice(0) ?? [];
  started = undefined;
  await Promise.all(left.map((e) => endUnused(e, graceMs)));
}

async function endUnused(e: EarlyChild, graceMs: number): Promise<void> {
  const gone = new Promise<void>((resolve) => (e.exit || e.error || e.child.exitCode !== null ? resolve() : e.child.once('exit', () => resolve())));
  e.child.stdin?.on('error', () => undefined);
  e.child.stdin?.end();
  if (!(await settlesWithin(gone, graceMs))) {
    killGroup(e.child, 'SIGTERM');
    if (!(await settlesWithin(gone, graceMs))) killGroup(e.child, 'SIGKILL');
  }
  killGroup(e.child, 'SIGKILL');
  e.tree.signal('SIGKILL');
  releaseTree(e.tree, []);
}
