import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunRecord } from '../core/evals-report.js';
import { canonicalJson } from '../core/canonical.js';

/** Everything that can change a run's outcome (METRICS §11); the run index keeps the N repeats independent. */
export interface RunKeyParts {
  caseHash: string;
  goldenHash: string;
  toolsHash: string;
  serverBuild: string;
  model: string;
  params: Record<string, unknown>;
  systemHash: string;
  harnessVersion: string;
  /** Harness settings that change what the model sees (simulated tools, max turns). */
  harness: Record<string, unknown>;
  run: number;
}

export function runKey(p: RunKeyParts): string {
  return createHash('sha256').update(canonicalJson(p)).digest('hex');
}

/** Completed runs on disk under `<dir>/runs/ab/abcdef….json`; errored runs are never stored. */
export class RunCache {
  hits = 0;
  misses = 0;

  constructor(readonly dir: string) {}

  private file(key: string): string {
    return path.join(this.dir, 'runs', key.slice(0, 2), `${key}.json`);
  }

  async get(key: string): Promise<RunRecord | undefined> {
    try {
      const r = JSON.parse(await readFile(this.file(key), 'utf8')) as RunRecord;
      if (r.status !== 'pass' && r.status !== 'fail') throw new Error('not a completed run');
      this.hits++;
      return r;
    } catch {
      this.misses++;
      return undefined;
    }
  }

  async put(key: string, r: RunRecord): Promise<void> {
    if (r.status === 'error') return;
    const f = this.file(key);
    await mkdir(path.dirname(f), { recursive: true });
    // Write then rename: a killed run never leaves half a file that a later run would read.
    const tmp = `${f}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(r));
    await rename(tmp, f);
  }
}
