import { spawn, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cliArgv } from './fixtures.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the mcp-assay CLI as a user would, with a hard deadline so a hang fails the test instead of the suite. */
export function runCli(args: string[], o: { deadlineMs?: number; cwd?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliArgv(), ...args], {
      cwd: o.cwd,
      env: { ...process.env, NO_COLOR: '1', ...o.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcp-assay ${args.join(' ')} did not finish within ${o.deadlineMs ?? 60_000} ms\n${stdout}\n${stderr}`));
    }, o.deadlineMs ?? 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}

/** Processes whose command line contains `marker` (besides the search itself). */
export function processesMatching(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', marker], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.trim() && !l.includes('pgrep'));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

export function uniqueMarker(): string {
  return `--assay-test-marker=${process.pid}-${Math.random().toString(36).slice(2)}`;
}

/** Processes whose environment holds `NAME=value` (children and grandchildren inherit it), read from /proc. */
export function processesWithEnv(name: string, value: string): number[] {
  const needle = Buffer.from(`${name}=${value}\0`);
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`).includes(needle)) out.push(Number(entry));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return out;
}
