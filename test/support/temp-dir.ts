/** Temporary directories for tests, removed when the test process exits (each test file runs in its own process). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made: string[] = [];
let hooked = false;

/** A fresh directory under the system's temporary directory, named `prefix` + random, gone at exit. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const d of made) rmSync(d, { recursive: true, force: true });
    });
  }
  return dir;
}
