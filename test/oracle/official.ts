/**
 * Runs the official MCP conformance suite (the unmodified npm dist) against a URL and reads its checks.json files.
 * The dist needs Node >= 22 (it imports fs.globSync), so it runs under the Node 22 installed apart in tools/node22 (scripts/node22.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { node22 } from '../../scripts/node22.js';

export type OfficialStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';

/** One entry of a checks.json array, as the suite writes it (only the fields we read). */
export interface OfficialCheck {
  scenario: string;
  id: string;
  name: string;
  status: OfficialStatus;
  errorMessage?: string;
  details?: Record<string, unknown>;
}

export interface OfficialRun {
  checks: OfficialCheck[];
  /** 1 when a scored scenario failed; not an error here. */
  exitCode: number | null;
  scenarios: number;
  wallMs: number;
}

const require = createRequire(import.meta.url);

export interface SuiteBinaries {
  node: string;
  entry: string;
  version: string;
}

/** The Node 22 binary and the suite's entry point from node_modules; throws with the fix when either is absent. */
export function suiteBinaries(): SuiteBinaries {
  const pkg = require.resolve('@modelcontextprotocol/conformance/package.json');
  const entry = path.join(path.dirname(pkg), 'dist/index.js');
  const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  const node = node22();
  if (!existsSync(entry)) throw new Error(`no conformance entry at ${entry}`);
  return { node, entry, version };
}

const live = new Set<ChildProcess>();
let hooked = false;

/** Kills every process started here that still runs (its whole process group); safe to call more than once. */
export function killSuiteProcesses(): void {
  for (const child of live) killTree(child);
  live.clear();
}

export function liveSuiteProcesses(): number {
  return live.size;
}

function killTree(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

export interface Bounded {
  exitCode: number | null;
  /** The last 20 000 characters of stdout and stderr. */
  output: string;
  wallMs: number;
}

/** One child process in its own process group, killed with its children after `timeoutMs` or when we exit. */
export function runBounded(command: string, args: readonly string[], timeoutMs: number): Promise<Bounded> {
  if (!hooked) {
    hooked = true;
    process.once('exit', killSuiteProcesses);
  }
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    let output = '';
    const keep = (b: Buffer) => {
      output = (output + b.toString('utf8')).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const timer = setTimeout(() => {
      killTree(child);
      reject(new Error(`${path.basename(command)} ${args.join(' ')} did not finish within ${timeoutMs} ms\n${output.slice(-2000)}`));
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      live.delete(child);
      reject(err);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      live.delete(child);
      resolve({ exitCode: code, output, wallMs: Math.round(performance.now() - t0) });
    });
  });
}

/** Scenario name from a result folder: `server-<scenario>-<ISO timestamp>`. */
function scenarioOf(folder: string): string {
  const m = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder);
  if (!m?.[1]) throw new Error(`unexpected result folder name ${folder}`);
  return m[1];
}

/** Every check of every scenario result folder directly under `dir`. */
export function readResults(dir: string): OfficialCheck[] {
  const out: OfficialCheck[] = [];
  for (const folder of readdirSync(dir).sort()) {
    const file = path.join(dir, folder, 'checks.json');
    if (!existsSync(file)) continue;
    const scenario = scenarioOf(folder);
    const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!Array.isArray(raw)) throw new Error(`${file} is not a JSON array`);
    for (const c of raw as Record<string, unknown>[]) {
      out.push({
        scenario,
        id: String(c.id),
        name: typeof c.name === 'string' ? c.name : '',
        status: c.status as OfficialStatus,
        ...(typeof c.errorMessage === 'string' ? { errorMessage: c.errorMessage } : {}),
        ...(c.details && typeof c.details === 'object' ? { details: c.details as Record<string, unknown> } : {}),
      });
    }
  }
  return out;
}

/**
 * Runs the frozen 2026-07-28 requirement set against `url` in one suite process (one Node start-up; the scenarios that
 * need the suite's fixture server come back "Not testable" and are excluded by the comparison).
 */
export async function runOfficial(url: string, o: { outDir: string; timeoutMs: number }): Promise<OfficialRun> {
  const bin = suiteBinaries();
  mkdirSync(o.outDir, { recursive: true });
  const scenarioMs = String(Math.max(5000, Math.floor(o.timeoutMs / 4)));
  const args = ['server', '--url', url, '--requirements', '2026-07-28', '--timeout', scenarioMs, '-o', o.outDir];
  const r = await runBounded(bin.node, [bin.entry, ...args], o.timeoutMs);
  const checks = readResults(o.outDir);
  if (!checks.length) throw new Error(`conformance wrote no checks.json (exit ${r.exitCode})\n${r.output.slice(-2000)}`);
  return { checks, exitCode: r.exitCode, scenarios: new Set(checks.map((c) => c.scenario)).size, wallMs: r.wallMs };
}
