import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { exampleStdio } from '../support/fixtures.js';
import { processesMatching, runCli, uniqueMarker } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('assay-bad-');

/** `check -- <the flawed stdio server with these faults>`, tagged so a leaked process can be found. */
function flawedStdioArgs(faults: string, marker: string): string[] {
  const spec = exampleStdio('flawed-server/stdio', ['--faults', faults, marker]);
  return ['--', spec.command, ...spec.args];
}

describe('bad input: a clear verdict, never a crash, a hang or a leaked process', () => {
  const servers: { close(): Promise<void> }[] = [];
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('an unreachable URL exits 3 within the timeout with a one-line reason', async () => {
    const r = await runCli(['check', 'http://127.0.0.1:1/mcp', '--timeout', '2000'], { deadlineMs: 20_000 });
    assert.equal(r.code, 3, r.stdout + r.stderr);
    assert.match(r.stdout, /ECONNREFUSED|connect/);
    assert.ok(r.ms < 15_000, `took ${r.ms} ms`);
  });

  it('a command that does not exist exits 3', async () => {
    const r = await runCli(['check', '--', 'mcp-assay-no-such-command-xyz', '--flag']);
    assert.equal(r.code, 3, r.stdout + r.stderr);
    assert.match(r.stdout, /command not found/);
  });

  it('a server that hangs: every wait has a deadline, and the process is cleaned up', async () => {
    const marker = uniqueMarker();
    const json = path.join(dir, 'hang.json');
    const r = await runCli(['check', '--timeout', '800', '--json', json, ...flawedStdioArgs('hang', marker)], { deadlineMs: 60_000 });
    assert.ok(r.code === 1 || r.code === 3, `exit ${r.code}\n${r.stdout}`);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const order = report.targets[0].results.find((x: { checkId: string }) => x.checkId === 'tools/list-order-stable');
    assert.equal(order.status, 'inconclusive');
    assert.match(order.message, /no answer within 800 ms/);
    assert.deepEqual(processesMatching(marker), []);
  });

  it('a server that dies mid-run: the report is written and the rest is marked', async () => {
    const marker = uniqueMarker();
    const json = path.join(dir, 'die.json');
    const r = await runCli(['check', '--json', json, '--concurrency', '1', ...flawedStdioArgs('die-mid-run', marker)]);
    assert.ok(r.code === 1 || r.code === 3, `exit ${r.code}`);
    const t = JSON.parse(readFileSync(json, 'utf8')).targets[0];
    const stopped = t.results.filter((x: { message?: string }) => /stopped answering|exited/.test(x.message ?? ''));
    assert.ok(stopped.length > 3, `checks after the crash say why: ${JSON.stringify(t.results.map((x: { status: string }) => x.status))}`);
    assert.deepEqual(processesMatching(marker), []);
  });

  it('garbage on stdout is a finding, not a crash', async () => {
    const marker = uniqueMarker();
    const r = await runCli(['check', '--only', 'stdio/', ...flawedStdioArgs('stdout-garbage', marker)]);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stdout, /not JSON-RPC/);
    assert.deepEqual(processesMatching(marker), []);
  });

  it('a 50 MB body is cut at the bound: a finding, bounded memory, no hang', async () => {
    const s = await startFlawedHttp({ faults: ['huge-body'], port: 0 });
    servers.push(s);
    const json = path.join(dir, 'huge.json');
    const r = await runCli(['check', s.url, '--only', 'tools/list-order', '--json', json]);
    assert.equal(r.code, 3, r.stdout);
    const x = JSON.parse(readFileSync(json, 'utf8')).targets[0].results[0];
    assert.equal(x.status, 'inconclusive');
    assert.match(x.message, /exceeded \d+ bytes/);
  });

  it('an endless SSE stream is bounded by the request timeout', async () => {
    const s = await startFlawedHttp({ faults: ['endless-sse'], port: 0 });
    servers.push(s);
    const r = await runCli(['check', s.url, '--only', 'tools/list-order', '--timeout', '1000'], { deadlineMs: 20_000 });
    assert.equal(r.code, 3, r.stdout);
    assert.match(r.stdout, /no complete answer within 1000 ms/);
  });

  it('a stdio server that exits at once: inconclusive with its stderr, env secrets masked', async () => {
    const json = path.join(dir, 'early.json');
    const script = "console.error('starting with key=' + process.env.API_KEY); process.exit(2)";
    const r = await runCli(['check', '--json', json, '--env', 'API_KEY=supersecretvalue42', '--', process.execPath, '-e', script]);
    assert.equal(r.code, 3, r.stdout);
    const text = readFileSync(json, 'utf8');
    assert.ok(!text.includes('supersecretvalue42'), 'secret leaked into the report');
    const t = JSON.parse(text).targets[0];
    assert.equal(t.outcome, 'inconclusive');
    assert.match(t.stderr, /key=\*\*\*/);
  });
});
