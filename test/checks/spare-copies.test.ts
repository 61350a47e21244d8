/** Copies of a stdio server started ahead for the checks that need them untouched. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { SpareCopies } from '../../src/checks/stdio/support.js';
import type { StdioTargetSpec } from '../../src/core/target-spec.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { mayStartAhead } from '../../src/target/start-ahead.js';
import { StdioTransport } from '../../src/target/stdio.js';
import { tempDir } from '../support/temp-dir.js';

/** A server stand-in: logs each start; the first start exits at once, later ones answer one line and wait for EOF. */
const SCRIPT = `
const fs = require('node:fs');
const log = process.argv[2];
const n = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\\n').filter(Boolean).length : 0;
fs.appendFileSync(log, process.pid + '\\n');
if (n === 0) process.exit(3);
process.stdin.on('data', (c) => { const m = JSON.parse(String(c).split('\\n')[0]); process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { n } }) + '\\n'); });
process.stdin.on('end', () => process.exit(0));
`;

test('copies start ahead only where a second start cannot race an install', () => {
  const stdio = (command: string): StdioTargetSpec => ({ kind: 'stdio', command, args: [] });
  assert.equal(mayStartAhead(stdio(process.execPath)), true);
  assert.equal(mayStartAhead(stdio('python3')), true);
  for (const launcher of ['npx', '/usr/local/bin/npx', 'uvx', 'NPX.cmd', 'pnpm', 'bunx']) assert.equal(mayStartAhead(stdio(launcher)), false, launcher);
  assert.equal(mayStartAhead({ kind: 'http', url: 'http://127.0.0.1:1/mcp' }), false);
});

test('a copy that died before it was taken is replaced by a fresh start; copies nobody took end with the run', { timeout: 60_000 }, async () => {
  const dir = tempDir('mcp-assay-spares-');
  const log = path.join(dir, 'starts.log');
  const script = path.join(dir, 'server.cjs');
  writeFileSync(script, SCRIPT);
  const spec: StdioTargetSpec = { kind: 'stdio', command: process.execPath, args: [script, log] };
  const pids = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).map(Number) : []);
  const until = async (ok: () => boolean) => {
    for (const end = Date.now() + 20_000; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    const recorder = new WireRecorder();
    // Only the copy of the one selected check starts ahead; this first start exits by itself (code 3).
    const spares = SpareCopies.begin(spec, recorder, [{ id: 'errors/version-every-request' }]);
    await until(() => pids().length === 1 && !alive(pids()[0]!));
    const taken = await spares.take('version-every-request');
    assert.ok(taken instanceof StdioTransport);
    const ex = await taken.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { phase: 'test', timeoutMs: 15_000 });
    assert.deepEqual(ex.response, { jsonrpc: '2.0', id: 1, result: { n: 1 } }, 'answered by a second start, not handed a dead process');
    assert.equal(pids().length, 2);
    await taken.close();
    // A copy nobody takes is ended with the run.
    const unused = SpareCopies.begin(spec, recorder, [{ id: 'stdio/exit-on-eof' }]);
    await until(() => pids().length === 3);
    const pid = pids()[2]!;
    assert.ok(alive(pid), 'the copy started ahead is running');
    await unused.close();
    assert.equal(alive(pid), false, 'and ended by close');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
