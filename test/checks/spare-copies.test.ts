/** Copies of a stdio server started ahead for the checks that need them untouched. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { rawSession } from '../../src/checks/legacy/support.js';
import { SharedState } from '../../src/checks/shared.js';
import { SpareCopies } from '../../src/checks/stdio/support.js';
import type { CheckContext } from '../../src/checks/types.js';
import type { CheckOptions } from '../../src/checks/options.js';
import type { StdioTargetSpec } from '../../src/core/target-spec.js';
import type { McpClient } from '../../src/target/client.js';
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

/** Whether a process of that pid still runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

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

/** A 2025 server stand-in: logs its pid, answers initialize, and on EOF exits only once `release` exists. */
const SLOW_EXIT = `
const fs = require('node:fs');
const [log, release] = process.argv.slice(2);
fs.appendFileSync(log, process.pid + '\\n');
let buf = '';
process.stdin.on('data', (c) => {
  buf += c;
  for (let nl; (nl = buf.indexOf('\\n')) !== -1; ) {
    const m = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if ('id' in m) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'slow-exit', version: '1' } } }) + '\\n');
  }
});
process.stdin.on('end', () => setInterval(() => fs.existsSync(release) && process.exit(0), 20));
`;

test('a check done with its stdio copy does not wait for the copy’s exit; the run does, before it ends', { timeout: 60_000 }, async () => {
  const dir = tempDir('mcp-assay-end-copy-');
  const log = path.join(dir, 'starts.log');
  const release = path.join(dir, 'release');
  const script = path.join(dir, 'server.cjs');
  writeFileSync(script, SLOW_EXIT);
  const spec: StdioTargetSpec = { kind: 'stdio', command: process.execPath, args: [script, log, release] };
  try {
    const recorder = new WireRecorder();
    const shared = new SharedState(undefined as unknown as McpClient, { era: 'modern', reason: '' }, {} as CheckOptions);
    const t = {
      checkId: 'legacy/version-negotiation',
      spec,
      shared,
      client: { recorder, defaults: {} },
      timeouts: { request: 10_000, respawnStartup: 20_000 },
    } as unknown as CheckContext;
    // A session asking for a version of its own: an untouched copy, ended when the check is done with it.
    const answered = await rawSession(t, async (s) => s.ready, '2099-01-01');
    assert.equal(answered, true);
    const pid = Number(readFileSync(log, 'utf8').trim());
    assert.ok(alive(pid), 'the check ended while its copy, told EOF, was still on its way out');
    writeFileSync(release, '');
    await shared.close();
    assert.equal(alive(pid), false, 'the run’s end waited for the copy to exit');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
