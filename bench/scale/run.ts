/**
 * The scale benchmark: a generated N-tool server (bench/scale/server.ts) timed through the real CLI, one process per
 * command, each measured for wall time, peak RSS and event-loop stalls (bench/scale/measure.ts). Prints a Markdown table.
 * Usage: npm run bench:scale [-- --sizes 10,100,1000,5000 --changed 50]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const dist = resolve(fileURLToPath(import.meta.url), '../../..');
const cli = join(dist, 'bundle/main.js'); // what the package's bin runs
const serverJs = join(dist, 'bench/scale/server.js');
const measureJs = join(dist, 'bench/scale/measure.js');

interface Run {
  ms: number;
  code: number | null;
  maxRssMiB: number;
  loopMaxMs: number;
  loopMaxInFlightMs: number;
}

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : def;
}

async function startServer(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [serverJs, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('scale server did not start in 300 s')), 300_000);
    let buf = '';
    child.stdout?.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /listening (\S+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        ok(m[1] as string);
      }
    });
    child.once('exit', (code) => fail(new Error(`scale server exited ${code}`)));
  });
  return { url, child };
}

async function measured(dir: string, args: string[]): Promise<Run> {
  const out = join(dir, `measure-${Math.random().toString(36).slice(2)}.json`);
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', measureJs, cli, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, SCALE_MEASURE_OUT: out, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const code = await new Promise<number | null>((ok) => child.once('exit', ok));
  const ms = performance.now() - t0;
  if (code !== 0 && code !== 1) process.stderr.write(`${args[0]} exited ${code}: ${stderr}\n`);
  const m = JSON.parse(readFileSync(out, 'utf8')) as Omit<Run, 'ms' | 'code'>;
  return { ms, code, ...m };
}

type Verdicts = Map<string, string>;
function verdicts(file: string): { map: Verdicts; counts: Record<string, number> } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { targets: { results: { checkId: string; status: string }[] }[] };
  const map: Verdicts = new Map();
  const counts: Record<string, number> = {};
  for (const r of report.targets[0]?.results ?? []) {
    map.set(r.checkId, r.status);
    counts[r.status] = (counts[r.status] ?? 0) + 1;
  }
  return { map, counts };
}

const s = (r: Run): string => `${(r.ms / 1000).toFixed(1)} s`;
const sizes = arg('sizes', '10,100,1000,5000').split(',').map(Number);
const changedPer = Number(arg('changed-per-mille', '10'));
const dir = mkdtempSync(join(tmpdir(), 'assay-scale-'));
const rows: string[] = [];
let reference: Verdicts | undefined;
const children: ChildProcess[] = [];
process.once('exit', () => children.forEach((c) => c.kill()));

try {
  for (const n of sizes) {
    const a = await startServer(['--tools', String(n)]);
    const b = await startServer(['--tools', String(n), '--changed', String(Math.max(1, Math.round((n * changedPer) / 1000)))]);
    const near = await startServer(['--tools', String(n), '--similar']);
    children.push(a.child, b.child, near.child);
    const snap = await measured(dir, ['snapshot', a.url, '-o', join(dir, `a-${n}.json`)]);
    await measured(dir, ['snapshot', b.url, '-o', join(dir, `b-${n}.json`)]);
    const diff = await measured(dir, ['diff', join(dir, `a-${n}.json`), join(dir, `b-${n}.json`), '--json', join(dir, `diff-${n}.json`)]);
    const contracts = await measured(dir, ['contracts', a.url, '--json', join(dir, `contracts-${n}.json`)]);
    const similar = await measured(dir, ['contracts', near.url, '--json', join(dir, `similar-${n}.json`)]);
    const check = await measured(dir, ['check', a.url, '--json', join(dir, `check-${n}.json`)]);
    const v = verdicts(join(dir, `check-${n}.json`));
    reference ??= v.map;
    const moved = [...v.map].filter(([id, st]) => reference?.get(id) !== st).map(([id, st]) => `${id}: ${reference?.get(id)} → ${st}`);
    const runs = [snap, diff, contracts, similar, check];
    const peak = Math.max(...runs.map((r) => r.maxRssMiB));
    const stall = Math.max(...runs.map((r) => r.loopMaxInFlightMs));
    const lost = similar.code === 0 && !readFileSync(join(dir, `similar-${n}.json`), 'utf8').includes('confusable') ? ' (section lost)' : '';
    rows.push(
      `| ${n.toLocaleString('en')} | ${s(snap)} | ${s(contracts)} | ${s(similar)}${lost} | ${s(check)} (${v.counts.inconclusive ?? 0} inconclusive, ${moved.length} ≠ N=${sizes[0]}) | ${s(diff)} | ${peak.toFixed(0)} MiB | ${stall.toFixed(0)} ms |`,
    );
    if (moved.length) process.stderr.write(`N=${n}: verdicts that moved: ${moved.join('; ')}\n`);
    for (const c of [a.child, b.child, near.child]) c.kill();
    process.stderr.write(`${rows.at(-1)}\n`);
  }
} finally {
  children.forEach((c) => c.kill());
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `| N | snapshot | contracts | contracts, near-identical names | check | diff (${changedPer}‰ changed) | peak RSS | worst loop stall, request in flight |`,
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(r);
