/** Markdown for the bench's results, and the process count of one stdio check run. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { measure } from './measure.js';
import type { PairedResult } from './paired.js';
import { CLI, REPO } from './servers.js';

const ms = (x: number) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);

/** One row per case: medians, then ratios to the first case. */
export function table(r: PairedResult): string[] {
  const first = r.cases[0]!.name;
  return [
    `| | wall | CPU | peak RSS | wall vs ${first} | CPU vs ${first} |`,
    '|---|---:|---:|---:|---:|---:|',
    ...r.cases.map(
      (c) =>
        `| ${c.name} | ${ms(c.wallMs)} | ${ms(c.cpuMs)} | ${Math.round(c.rssMiB)} MiB | ${r.ratios[c.name]!.wall.toFixed(2)}x | ${r.ratios[c.name]!.cpu.toFixed(2)}x |`,
    ),
  ];
}

/**
 * Server processes one `check` over stdio starts, and the CPU they used together (user + system, from each process
 * at its exit): each start of `node <args>` appends a line to a log, and its CPU when it exits.
 */
export async function startsOf(scratch: string, serverArgs: string[]): Promise<{ starts: number; cpuMs: number }> {
  const dir = mkdtempSync(path.join(scratch, 'starts-'));
  try {
    const log = path.join(dir, 'starts.log');
    const code = [
      `import { appendFileSync } from 'node:fs';`,
      `appendFileSync(${JSON.stringify(log)}, 'start\\n');`,
      `process.on('exit', () => { const u = process.cpuUsage(); appendFileSync(${JSON.stringify(log)}, 'cpu ' + (u.user + u.system) / 1000 + '\\n'); });`,
    ].join(' ');
    const flag = ['--import', `data:text/javascript,${encodeURIComponent(code)}`];
    await measure({ command: process.execPath, args: [CLI, 'check', '--', process.execPath, ...flag, ...serverArgs], cwd: REPO, okCodes: [0, 1] });
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    const cpuMs = lines.filter((l) => l.startsWith('cpu ')).reduce((sum, l) => sum + Number(l.slice(4)), 0);
    return { starts: lines.filter((l) => l === 'start').length, cpuMs: Math.round(cpuMs) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
