// Runs the compiled test files (`*.test.js`) under the given folders with node's test runner. Listing files
// explicitly keeps fixture servers and helpers that live under test/ from being run as tests.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

const roots = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));

function find(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? find(p) : p.endsWith('.test.js') ? [p] : [];
  });
}

// A root may also be one test file.
const files = roots.flatMap((r) => (statSync(r).isDirectory() ? find(r) : [r])).sort();
if (!files.length) {
  console.error(`no test files under ${roots.join(', ')}`);
  process.exit(1);
}
const child = spawn(process.execPath, ['--test', ...flags, ...files], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
