import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StdioTargetSpec } from '../../src/core/target-spec.js';
import type { CheckResult, Status, TargetReport } from '../../src/core/types.js';
import { CHECKS } from '../../src/checks/index.js';
import { assayTarget, type TargetRunOptions } from '../../src/engine/run-target.js';
import type { TargetSpec } from '../../src/core/target-spec.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** `.ts` under tsx, `.js` from dist: examples sit at the same relative place in both. */
const ext = path.extname(fileURLToPath(import.meta.url));
export const EXAMPLES = path.resolve(here, '../../examples');
export const REPO = path.resolve(here, ext === '.ts' ? '../..' : '../../..');

/** A stdio target running a bundled example with this same Node (and its loader flags, under tsx). */
export function exampleStdio(file: string, args: string[] = [], env?: Record<string, string>): StdioTargetSpec {
  return { kind: 'stdio', command: process.execPath, args: [...nodeFlags(), path.join(EXAMPLES, `${file}${ext}`), ...args], ...(env ? { env } : {}) };
}

export const RUN_DEFAULTS: TargetRunOptions = {
  checks: CHECKS,
  timeoutMs: 5000,
  deadlineMs: 60_000,
  startupTimeoutMs: 15_000,
  strict: false,
  concurrency: 4,
  allowTools: [],
  toolArgs: {},
};

export function run(spec: TargetSpec, o: Partial<TargetRunOptions> = {}): Promise<TargetReport> {
  return assayTarget(spec, { ...RUN_DEFAULTS, ...o });
}

export function byStatus(r: TargetReport, ...statuses: Status[]): string[] {
  return r.results
    .filter((x) => statuses.includes(x.status))
    .map((x) => x.checkId)
    .sort();
}

export function result(r: TargetReport, id: string): CheckResult {
  const x = r.results.find((y) => y.checkId === id);
  if (!x) throw new Error(`no result for ${id}; have ${r.results.map((y) => y.checkId).join(', ')}`);
  return x;
}

/** A readable dump for assertion messages. */
export function explain(r: TargetReport): string {
  return [
    `${r.target.display} era=${r.era} outcome=${r.outcome} ${r.outcomeReason ?? ''}`,
    ...r.results.filter((x) => x.status !== 'pass' && x.status !== 'skip').map((x) => `  ${x.status} ${x.checkId}: ${x.message ?? ''} ${x.actual ?? ''}`),
  ].join('\n');
}

/** The CLI as a command line: the package's bin (the bundle, as users run it) from dist, or the TS entry under tsx. */
export function cliArgv(): string[] {
  const main = ext === '.ts' ? path.join(REPO, 'src/cli/main.ts') : path.join(REPO, 'dist/bundle/main.js');
  return [...nodeFlags(), main];
}

/** This process's loader flags (tsx, when running from source), resolved so they work from any cwd. */
export function nodeFlags(): string[] {
  return process.execArgv.filter((a) => !a.startsWith('--test')).map((a) => (a === 'tsx' ? import.meta.resolve('tsx') : a));
}
