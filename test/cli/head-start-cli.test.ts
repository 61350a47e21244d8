/** `check -- <command>` starts the server's own process before the CLI loads its checks, and starts no more in all. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { cliArgv, exampleStdio } from '../support/fixtures.js';
import { tempDir } from '../support/temp-dir.js';
import { firstCheckModule as firstCheck } from '../support/load-order.js';

const run = promisify(execFile);

test('a stdio server’s own process starts before any check module loads, its copies after; a full check still starts 4', { timeout: 180_000 }, async () => {
  const dir = tempDir('mcp-assay-head-start-cli-');
  try {
    const log = path.join(dir, 'order.log');
    const starts = path.join(dir, 'starts.log');
    // In the CLI: every module it loads, and every process it spawns, one line each in the order they happen.
    const loader = `import { appendFileSync } from 'node:fs'; export async function load(url, c, next) { if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, 'load ' + url + '\\n'); return next(url, c); }`;
    const hook = path.join(dir, 'hook.mjs');
    writeFileSync(
      hook,
      [
        `import cp from 'node:child_process'; import { appendFileSync } from 'node:fs'; import { register, syncBuiltinESMExports } from 'node:module';`,
        `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loader)}`)});`,
        `const spawn = cp.spawn; cp.spawn = (...a) => { appendFileSync(${JSON.stringify(log)}, 'spawn\\n'); return spawn(...a); }; syncBuiltinESMExports();`,
      ].join('\n'),
    );
    // In each server process: one line per start.
    const counting = `import { appendFileSync } from 'node:fs'; appendFileSync(${JSON.stringify(starts)}, 'start\\n');`;
    const spec = exampleStdio('support-desk/stdio');
    const server = [spec.command, '--import', `data:text/javascript,${encodeURIComponent(counting)}`, ...spec.args];
    const report = path.join(dir, 'report.json');
    await run(process.execPath, ['--import', hook, ...cliArgv(), 'check', '--json', report, '--', ...server], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
    }).catch((e: { code?: number; stderr?: string }) => assert.equal(e.code, 1, e.stderr));
    const order = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    const spawns = order.flatMap((l, i) => (l === 'spawn' ? [i] : []));
    const firstCheckModule = firstCheck(order);
    assert.ok(firstCheckModule > 0, 'the checks were loaded');
    // The copies (the 2025 handshake's first) wait for the core our loading used: the run's own start goes first.
    assert.ok(
      spawns.length >= 2 && spawns[0]! < firstCheckModule && spawns[1]! > firstCheckModule,
      `one spawn before the first check module, the next after it (${JSON.stringify(spawns)} vs ${firstCheckModule})`,
    );
    assert.equal(readFileSync(starts, 'utf8').split('\n').filter(Boolean).length, 4, 'the copies started ahead are the ones the run uses');
    const r = JSON.parse(readFileSync(report, 'utf8')) as { targets: { era: string; eraReason: string; summary: { errors: number; inconclusive: number } }[] };
    assert.equal(r.targets[0]?.era, 'modern');
    assert.match(r.targets[0]?.eraReason ?? '', /dual-era/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the run’s own process is spawned before node:crypto loads: the head start loads only what its spawn needs', { timeout: 60_000 }, async () => {
  const dir = tempDir('mcp-assay-head-start-crypto-');
  try {
    const log = path.join(dir, 'spawns.log');
    // In the CLI: at each spawn, whether node:crypto had been loaded by then.
    const hook = path.join(dir, 'hook.mjs');
    writeFileSync(
      hook,
      [
        `import cp from 'node:child_process'; import { appendFileSync } from 'node:fs'; import { syncBuiltinESMExports } from 'node:module';`,
        `const crypto = () => process.moduleLoadList.some((m) => m === 'NativeModule crypto' || m.startsWith('NativeModule internal/crypto/'));`,
        `const spawn = cp.spawn; cp.spawn = (...a) => { appendFileSync(${JSON.stringify(log)}, 'spawn crypto=' + crypto() + '\\n'); return spawn(...a); }; syncBuiltinESMExports();`,
      ].join('\n'),
    );
    // A server that exits at once: the run ends unreachable, after its one spawn.
    await run(process.execPath, ['--import', hook, ...cliArgv(), 'check', '--', process.execPath, '-e', 'process.exit(0)'], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
    }).catch((e: { code?: number }) => assert.notEqual(e.code, undefined));
    const spawns = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    assert.ok(spawns.length >= 1, 'the server was spawned');
    assert.equal(spawns[0], 'spawn crypto=false');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
