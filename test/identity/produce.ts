/** Runs every identity case through the CLI and returns its normalized JSON document (or the CLI's failure). */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { CASES, scratch, startServers, type IdentityCase } from './cases.js';
import { normalizeReport } from './normalize.js';

export interface Produced {
  name: string;
  exit: number | null;
  document: unknown;
}

export const GOLDEN_DIR = path.join(REPO, 'test/fixtures/report-identity');

async function one(c: IdentityCase, urls: Parameters<IdentityCase['args']>[0], dir: string): Promise<Produced> {
  const out = path.join(dir, `${c.name}.json`);
  const r = await runCli(c.args(urls, out), { cwd: REPO, deadlineMs: 150_000 });
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(out, 'utf8'));
  } catch (e) {
    throw new Error(`${c.name}: no JSON document (exit ${r.code}): ${(e as Error).message}\n${r.stderr.slice(0, 2000)}`, { cause: e });
  }
  return { name: c.name, exit: r.code, document: normalizeReport(raw, { repo: REPO, tmp: [dir] }) };
}

/** All cases, a few at a time (each is a whole CLI process, some start servers of their own). */
export async function produceAll(cases: readonly IdentityCase[] = CASES, width = 1): Promise<Produced[]> {
  const servers = await startServers();
  const dir = scratch();
  try {
    const out: Produced[] = [];
    const queue = [...cases];
    await Promise.all(
      Array.from({ length: width }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) out.push(await one(c, servers, dir));
      }),
    );
    return out.sort((a, b) => a.name.localeCompare(b.name));
  } finally {
    await servers.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
