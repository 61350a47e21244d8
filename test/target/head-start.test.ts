/** Server copies started ahead by `check -- <command>`: when, taken untouched by the transports, and never leaked. */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { claimHeadStart, headStartCommand, releaseHeadStart, startAhead } from '../../src/target/head-start.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { StdioTransport } from '../../src/target/stdio.js';
import { tempDir } from '../support/temp-dir.js';

/** A stand-in server: logs its start, answers each request with how many lines it had read by then. */
const COUNTING = `
const fs = require('node:fs');
fs.appendFileSync(process.argv[2], 'start ' + process.pid + '\\n');
let buf = '', n = 0;
process.stdin.on('data', (c) => {
  buf += c;
  for (let nl; (nl = buf.indexOf('\\n')) !== -1; ) {
    const m = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    n++;
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { linesRead: n } }) + '\\n');
  }
});
process.stdin.on('end', () => process.exit(0));
`;

/** A server that says one thing and exits at once, before anything is written to it. */
const QUITTER = `process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'bye' } }) + '\\n', () => process.exit(3));`;

function scratch(): { dir: string; log: string; counting: string; quitter: string } {
  const dir = tempDir('mcp-assay-head-start-');
  const counting = path.join(dir, 'counting.cjs');
  const quitter = path.join(dir, 'quitter.cjs');
  writeFileSync(counting, COUNTING);
  writeFileSync(quitter, QUITTER);
  return { dir, log: path.join(dir, 'starts.log'), counting, quitter };
}

const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
};

test('a head start is taken only for check -- <command> with options that change neither the target nor the checks', () => {
  const { dir } = scratch();
  try {
    const cmd = { command: 'node', args: ['server.js', '--port', '1'] };
    assert.deepEqual(headStartCommand(['check', '--', 'node', 'server.js', '--port', '1'], dir), cmd);
    assert.deepEqual(headStartCommand(['check', '--json', 'out.json', '--strict', '-v', '--timeout=5000', '--', 'node', 'server.js', '--port', '1'], dir), cmd);
    // A value that looks like a flag is the value of the option before it, not an option.
    assert.deepEqual(headStartCommand(['check', '--md', '--only', '--', 'node', 'server.js', '--port', '1'], dir), cmd);
    for (const argv of [
      ['check', 'http://127.0.0.1:1/mcp'],
      ['check', '--'],
      ['snapshot', '--', 'node', 'server.js'],
      ['check', '--only', 'stdio/', '--', 'node', 'server.js'],
      ['check', '--skip=legacy/', '--', 'node', 'server.js'],
      ['check', '--env', 'A=1', '--', 'node', 'server.js'],
      ['check', '--cwd', '/', '--', 'node', 'server.js'],
      ['check', '--list', '--', 'node', 'server.js'],
      ['check', '--watch', '--', 'node', 'server.js'],
      ['check', '--strict=yes', '--', 'node', 'server.js'],
      ['check', '--', 'npx', '-y', 'some-server'],
      ['check', '--', 'uvx', 'some-server'],
    ])
      assert.equal(headStartCommand(argv, dir), undefined, argv.join(' '));
    // A config file may narrow the checks or name servers: no head start beside one.
    writeFileSync(path.join(dir, 'mcp-assay.config.yaml'), 'check: {}\n');
    assert.equal(headStartCommand(['check', '--', 'node', 'server.js'], dir), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('transports take the copies started ahead untouched, a different command starts its own, and the rest end', { timeout: 60_000 }, async () => {
  const { dir, log, counting } = scratch();
  const transports: StdioTransport[] = [];
  try {
    assert.equal(startAhead(['check', '--json', 'r.json', '--', process.execPath, counting, log], dir, 3), 3);
    assert.equal(startAhead(['check', '--', process.execPath, counting, log], dir), 0, 'once per run');
    const recorder = new WireRecorder();
    const o = { phase: 'test', timeoutMs: 20_000 };
    for (let i = 0; i < 2; i++) transports.push(new StdioTransport({ command: process.execPath, args: [counting, log] }, recorder));
    // Another command, or the same one with an environment of its own, is not what was started ahead.
    transports.push(new StdioTransport({ command: process.execPath, args: [counting, log, 'other'] }, recorder));
    transports.push(new StdioTransport({ command: process.execPath, args: [counting, log], env: { EXTRA: '1' } }, recorder));
    const answers = await Promise.all(transports.map((t) => t.send({ jsonrpc: '2.0', id: 1, method: 'first' }, o)));
    assert.deepEqual(
      answers.map((a) => a.response?.result),
      [{ linesRead: 1 }, { linesRead: 1 }, { linesRead: 1 }, { linesRead: 1 }],
      'every process, started ahead or not, got the request as its first line',
    );
    const starts = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
    // The copy nobody took has had no request, so nothing says when it has logged its start: wait for it (bounded).
    // A sixth or seventh (a transport that started its own instead) would have been spawned by then: settle, then count.
    for (const until = Date.now() + 15_000; starts().length < 5 && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(starts().length, 5, 'three started ahead, two for the other specs; none for the two that took a head start');
    // Five processes for four transports: the fifth is the third copy started ahead, which nobody took.
    const started = starts().map((l) => Number(l.split(' ')[1]));
    assert.ok(
      transports.every((t) => started.includes(t.pid!)),
      'every transport is one of the processes started',
    );
    const spare = started.find((pid) => !transports.some((t) => t.pid === pid));
    assert.ok(alive(spare), 'the third copy waits, untouched');
    await releaseHeadStart(2000);
    assert.equal(alive(spare), false, 'a copy nobody took is ended with the run');
    assert.equal(claimHeadStart({ command: process.execPath, args: [counting, log] }), undefined);
  } finally {
    await releaseHeadStart(500);
    await Promise.all(transports.map((t) => t.close()));
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a copy that exited before it was taken: its output and its exit are told, and a request fails at once', { timeout: 30_000 }, async () => {
  const { dir, quitter } = scratch();
  try {
    assert.equal(startAhead(['check', '--', process.execPath, quitter], dir, 1), 1);
    // Long enough for it to have written and exited.
    await new Promise((r) => setTimeout(r, 1500));
    const recorder = new WireRecorder();
    const t = new StdioTransport({ command: process.execPath, args: [quitter] }, recorder);
    assert.equal(await t.exitedWithin(5000), true);
    assert.equal(t.exit?.code, 3);
    const ex = await t.send({ jsonrpc: '2.0', id: 1, method: 'server/discover' }, { phase: 'test', timeoutMs: 5000 });
    assert.match(ex.failure?.message ?? '', /exited \(code 3\)/);
    const said = recorder.entries.filter((e) => e.from === 'server').map((e) => (e.body as { method?: string }).method);
    assert.deepEqual(said, ['notifications/message'], 'what it wrote before it was taken is on the wire record');
    await t.close();
  } finally {
    await releaseHeadStart(500);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a copy that could not start at all fails its first request as a spawn failure, as one started later would', { timeout: 30_000 }, async () => {
  const { dir } = scratch();
  const missing = path.join(dir, 'no-such-server');
  try {
    assert.equal(startAhead(['check', '--', missing], dir, 1), 1);
    await new Promise((r) => setTimeout(r, 300));
    const recorder = new WireRecorder();
    const t = new StdioTransport({ command: missing, args: [] }, recorder);
    const ex = await t.send({ jsonrpc: '2.0', id: 1, method: 'server/discover' }, { phase: 'test', timeoutMs: 5000 });
    assert.equal(ex.failure?.failure, 'spawn');
    assert.match(ex.failure?.message ?? '', /command not found/);
    await t.close();
  } finally {
    await releaseHeadStart(500);
    rmSync(dir, { recursive: true, force: true });
  }
});
