import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file whether it runs from test/ (tsx) or dist/test/ (built). */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above the test file');
    dir = up;
  }
  return dir;
}

const SNAPSHOTS = path.join(repoRoot(), 'test', 'reporters', '__snapshots__');

/**
 * Compares `actual` with the stored snapshot `name`. With UPDATE_SNAPSHOTS=1 a missing or different
 * snapshot is (re)written; otherwise a missing one fails the test, so CI never records silently.
 */
export function matchSnapshot(name: string, actual: string): void {
  const file = path.join(SNAPSHOTS, name);
  const update = process.env.UPDATE_SNAPSHOTS === '1';
  if (!existsSync(file)) {
    if (!update) assert.fail(`snapshot ${name} is missing; run with UPDATE_SNAPSHOTS=1 to record it`);
    mkdirSync(SNAPSHOTS, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  const expected = readFileSync(file, 'utf8');
  if (update && expected !== actual) {
    writeFileSync(file, actual);
    return;
  }
  assert.equal(actual, expected, `snapshot ${name} differs; if the change is intended, run with UPDATE_SNAPSHOTS=1`);
}
