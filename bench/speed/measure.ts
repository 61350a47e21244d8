/** One whole-process run: wall time measured here, CPU and peak RSS from GNU time (the process and its children). */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Sample {
  wallMs: number;
  /** User + system CPU of the process and every child it waited for. */
  cpuMs: number;
  /** Largest resident set of the process or of one child, MiB. */
  rssMiB: number;
  code: number | null;
}

export interface Command {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** Exit codes that count as a normal end (a check run exits 1 when it finds failures). */
  okCodes?: number[];
  timeoutMs?: number;
}

const TIME = '/usr/bin/time';

/** Runs `c` once under GNU time; throws when it ends with an unexpected code or runs past its deadline. */
export async function measure(c: Command): Promise<Sample> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-assay-bench-'));
  const out = path.join(dir, 'time.txt');
  const t0 = performance.now();
  let stderr = '';
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(TIME, ['-f', '%U %S %M', '-o', out, c.command, ...c.args], {
        cwd: c.cwd,
        env: { ...process.env, ...c.env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr.on('data', (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-4000)));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${c.command} ${c.args.join(' ')}: no end within ${c.timeoutMs ?? 300_000} ms`));
      }, c.timeoutMs ?? 300_000);
      child.once('error', reject);
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    const wallMs = performance.now() - t0;
    const [user, sys, rssKiB] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    if (!(c.okCodes ?? [0]).includes(code ?? -1)) throw new Error(`${c.command} ${c.args.join(' ')} exited ${String(code)}: ${stderr.slice(-600)}`);
    return { wallMs, cpuMs: ((user ?? 0) + (sys ?? 0)) * 1000, rssMiB: (rssKiB ?? 0) / 1024, code };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
