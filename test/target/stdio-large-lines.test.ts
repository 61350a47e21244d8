/** Large lines over stdio are parsed in slices, and every line is still handled in the order it came. */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { WireRecorder } from '../../src/target/recorder.js';
import { StdioTransport } from '../../src/target/stdio.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * A server stand-in: to `big` it answers with a ~3 MB tool list, then at once a notification and the answer to the
 * request after it, in one write; to `bye` it answers with a large list and exits straight after.
 */
const SCRIPT = `
const tools = Array.from({ length: 6000 }, (_, i) => ({ name: 'tool_' + i, description: 'x'.repeat(400), inputSchema: { type: 'object' } }));
const send = (m) => JSON.stringify(m) + '\\n';
let buf = '';
process.stdin.on('data', (c) => {
  buf += c;
  for (let nl; (nl = buf.indexOf('\\n')) !== -1; ) {
    const m = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (m.method === 'big') process.stdout.write(send({ jsonrpc: '2.0', id: m.id, result: { tools } }) + send({ jsonrpc: '2.0', method: 'notifications/message', params: { n: 1 } }) + 'not json\\n');
    else if (m.method === 'bye') process.stdout.write(send({ jsonrpc: '2.0', id: m.id, result: { tools } }), () => process.exit(0));
    else if (m.id !== undefined) process.stdout.write(send({ jsonrpc: '2.0', id: m.id, result: { method: m.method } }));
  }
});
process.stdin.on('end', () => process.exit(0));
`;

test('a large answer is parsed in slices; the lines after it keep their order, and an exit waits for them', { timeout: 60_000 }, async () => {
  const dir = tempDir('mcp-assay-large-lines-');
  const script = path.join(dir, 'server.cjs');
  writeFileSync(script, SCRIPT);
  const recorder = new WireRecorder();
  const t = new StdioTransport({ command: process.execPath, args: [script] }, recorder);
  try {
    const o = { phase: 'test', timeoutMs: 20_000 };
    const [big, small] = await Promise.all([t.send({ jsonrpc: '2.0', id: 1, method: 'big' }, o), t.send({ jsonrpc: '2.0', id: 2, method: 'small' }, o)]);
    const tools = (big.response?.result as { tools?: { name: string }[] } | undefined)?.tools;
    assert.equal(tools?.length, 6000, 'the large answer arrived whole');
    assert.equal(tools?.[5999]?.name, 'tool_5999');
    assert.deepEqual(small.response, { jsonrpc: '2.0', id: 2, result: { method: 'small' } });
    // The wire record keeps the order of stdout: the large answer, the notification, the stray text, the small answer.
    const fromServer = recorder.entries.filter((e) => e.from === 'server');
    assert.deepEqual(
      fromServer.map((e) => (e.raw !== undefined ? 'raw' : ((e.body as { method?: string; id?: number }).method ?? (e.body as { id?: number }).id))),
      ['raw', 'notifications/message', 'raw', 2],
    );
    assert.equal(fromServer[0]?.truncated, true, 'the large answer is kept as a cut copy');
    assert.deepEqual(
      t.stdoutFindings.map((f) => f.kind),
      ['non-json'],
    );
    assert.equal(big.others.length, 0, 'the notification came after the answer was matched');
    // The same large answer again is the same value, parsed once and shared frozen (json-parse-memo.ts), as over HTTP.
    const again = await t.send({ jsonrpc: '2.0', id: 5, method: 'big' }, o);
    const tools2 = (again.response?.result as { tools?: unknown[] } | undefined)?.tools;
    assert.equal(tools2, tools, 'one parse for the two answers');
    assert.ok(Object.isFrozen(tools2));
    assert.notEqual(again.response, big.response, 'the envelope with its id is fresh');
    // The process exits right after writing a large answer: the answer is still handed over, not lost to the exit.
    const bye = await t.send({ jsonrpc: '2.0', id: 3, method: 'bye' }, o);
    assert.equal((bye.response?.result as { tools?: unknown[] } | undefined)?.tools?.length, 6000, bye.failure?.message);
    assert.ok(await t.exitedWithin(10_000), 'the process exited');
    const after = await t.send({ jsonrpc: '2.0', id: 4, method: 'small' }, o);
    assert.match(after.failure?.message ?? '', /exited/);
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
