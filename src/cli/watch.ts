/**
 * `--watch PATHS [--rebuild CMD]`: reruns a command when files change, so edit -> rebuild -> recheck takes seconds.
 * Each run is a fresh mcp-assay process (no state leaks between runs); its output is compared with the previous
 * run's and what changed is printed first.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { UsageError } from './usage-error.js';

export interface WatchArgs {
  paths: string[];
  rebuild?: string;
  /** The command line to rerun, without the watch flags. */
  rest: string[];
}

/** Takes `--watch a,b` (repeatable) and `--rebuild "cmd"` out of argv; undefined when there is no --watch. */
export function extractWatch(argv: readonly string[]): WatchArgs | undefined {
  const rest: string[] = [];
  const paths: string[] = [];
  let rebuild: string | undefined;
  const dash = argv.indexOf('--');
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (dash >= 0 && i >= dash) {
      rest.push(a);
      continue;
    }
    const take = (flag: string): string | undefined => {
      if (a === flag) {
        const v = argv[++i];
        if (v === undefined || v.startsWith('-')) throw new UsageError(`${flag} needs a value`);
        return v;
      }
      return a.startsWith(`${flag}=`) ? a.slice(flag.length + 1) : undefined;
    };
    const w = take('--watch');
    if (w !== undefined) {
      paths.push(...w.split(',').filter(Boolean));
      continue;
    }
    const r = take('--rebuild');
    if (r !== undefined) {
      rebuild = r;
      continue;
    }
    rest.push(a);
  }
  if (!paths.length) {
    if (rebuild !== undefined) throw new UsageError('--rebuild goes with --watch PATHS');
    return undefined;
  }
  for (const p of paths) if (!existsSync(p)) throw new UsageError(`--watch ${p}: no such file or folder`);
  return { paths, ...(rebuild !== undefined ? { rebuild } : {}), rest };
}

interface RunOutput {
  code: number | null;
  text: string;
}

/** The run in progress, ended with the watcher so no run outlives it. */
let active: ChildProcess | undefined;
process.on('exit', () => active?.kill('SIGTERM'));

async function runProcess(command: string, args: readonly string[], shell: boolean): Promise<RunOutput> {
  // Loaded here: every command (--version too) imports this module to find --watch.
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const child = spawn(command, args, { shell, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: process.env.NO_COLOR ?? '1' } });
    active = child;
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.stderr.on('data', (c: Buffer) => (text += c.toString()));
    child.on('error', (e) => resolve({ code: 127, text: `${text}${e.message}\n` }));
    child.on('close', (code) => {
      active = undefined;
      resolve({ code, text });
    });
  });
}

/** Lines added and removed since the previous output (as sets: order changes are not news). */
export function outputChanges(before: string, after: string, max = 40): string[] {
  const a = new Set(
    before
      .split('\n')
      .map((l) => l.trimEnd())
      .filter(Boolean),
  );
  const b = new Set(
    after
      .split('\n')
      .map((l) => l.trimEnd())
      .filter(Boolean),
  );
  // Timings differ on every run; they are not what changed.
  const stable = (l: string) => l.replace(/\d+(?:\.\d+)?\s*ms\b|\(\d+(?:\.\d+)?s\)|\b\d+\.\d{3}\s*s\b/g, '#');
  const sa = new Set([...a].map(stable));
  const sb = new Set([...b].map(stable));
  const lines = [...[...b].filter((l) => !sa.has(stable(l))).map((l) => `+ ${l}`), ...[...a].filter((l) => !sb.has(stable(l))).map((l) => `- ${l}`)];
  return lines.length > max ? [...lines.slice(0, max), `… and ${lines.length - max} more changed lines`] : lines;
}

/** Watches, reruns, never returns on its own (SIGINT/SIGTERM end it). */
export async function watchLoop(w: WatchArgs, cli: { execPath: string; argv: string[] }, out: NodeJS.WritableStream = process.stdout): Promise<number> {
  let previous: RunOutput | undefined;
  let runs = 0;
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const once = async (changed: string[]) => {
    runs++;
    const head = `── run ${runs} · ${new Date().toISOString().slice(11, 19)}${changed.length ? ` · changed: ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ` (+${changed.length - 5})` : ''}` : ''}`;
    out.write(`${head}\n`);
    if (w.rebuild) {
      const b = await runProcess(w.rebuild, [], true);
      if (b.code !== 0) {
        out.write(`rebuild failed (exit ${b.code}): ${w.rebuild}\n${b.text}\n`);
        return;
      }
    }
    const r = await runProcess(cli.execPath, [...cli.argv, ...w.rest], false);
    if (previous) {
      const diff = outputChanges(previous.text, r.text);
      out.write(`since run ${runs - 1}: exit ${previous.code} → ${r.code}; ${diff.length ? `${diff.length} line(s) changed` : 'output unchanged'}\n`);
      for (const l of diff) out.write(`  ${l}\n`);
      out.write('\n');
    }
    out.write(r.text.endsWith('\n') || !r.text ? r.text : `${r.text}\n`);
    out.write(`── exit ${r.code}; watching ${w.paths.join(', ')} (Ctrl-C to stop)\n`);
    previous = r;
  };
  const schedule = (file: string) => {
    pending.add(file);
    clearTimeout(timer);
    // Editors and builds write in bursts: one rerun per burst.
    timer = setTimeout(() => {
      const changed = [...pending];
      pending = new Set();
      running = running.then(() => once(changed));
    }, 300);
  };
  const watchers: FSWatcher[] = w.paths.map((p) => watch(p, { recursive: true }, (_e, f) => schedule(f ? path.join(p, f.toString()) : p)));
  await (running = once([]));
  return new Promise<number>((resolve) => {
    const stop = () => {
      for (const x of watchers) x.close();
      clearTimeout(timer);
      resolve(previous?.code ?? 0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
