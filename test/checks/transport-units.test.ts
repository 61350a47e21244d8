import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toolList } from '../../examples/flawed-server/catalogue.js';
import { headerDeclarations, valueAt, withValue } from '../../src/checks/http-headers/support.js';
import { probeHttp } from '../../src/target/http-probe.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { UnauditedRecorder } from '../../src/target/unaudited-recorder.js';
import { WireAudit } from '../../src/target/wire-audit.js';

const problems = (schema: unknown) => headerDeclarations(schema).map((d) => [d.pointer, d.problems.length ? d.problems.join('; ') : 'ok'] as const);

describe('x-mcp-header declarations (HTTP §custom headers)', () => {
  it('accepts tokens on scalar properties reached through properties alone, nested or not', () => {
    const decls = headerDeclarations({
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        page: { type: ['integer', 'null'], 'x-mcp-header': 'Page' },
        filter: { type: 'object', properties: { strict: { type: 'boolean', 'x-mcp-header': 'Strict' }, mode: { enum: ['a', 'b'], 'x-mcp-header': 'Mode' } } },
        'x-mcp-header': { type: 'string' },
        zone: { $ref: '#/$defs/zone', 'x-mcp-header': 'Zone' },
      },
      $defs: { zone: { type: 'string', enum: ['eu', 'us'] } },
    });
    assert.deepEqual(decls.map((d) => [d.header, d.path, d.type, d.problems]).sort(), [
      ['Mode', ['filter', 'mode'], 'string', []],
      ['Page', ['page'], 'integer', []],
      ['Region', ['region'], 'string', []],
      ['Strict', ['filter', 'strict'], 'boolean', []],
      ['Zone', ['zone'], 'string', []],
    ]);
  });

  it("names every broken rule of the flawed server's tag_city", () => {
    const tool = toolList(new Set(['x-mcp-header-invalid'])).find((t) => t['name'] === 'tag_city');
    const found = Object.fromEntries(problems(tool?.['inputSchema']));
    assert.match(found['/properties/tag'] ?? '', /empty/);
    assert.match(found['/properties/note'] ?? '', /not an RFC 9110 token/);
    assert.equal(found['/properties/label'], 'ok');
    assert.match(found['/properties/title'] ?? '', /repeats "Label".*case-insensitively/);
    assert.match(found['/properties/weight'] ?? '', /"number" parameter/);
    assert.match(found['/properties/extra'] ?? '', /"object" parameter/);
    assert.match(found['/properties/aliases/items'] ?? '', /through items/);
    assert.match(found['/properties/code/oneOf/0'] ?? '', /through oneOf/);
    assert.match(found['/properties/code/oneOf/1'] ?? '', /through oneOf/);
  });

  it('rejects a declaration on the root, under $defs, and one that is not a string', () => {
    const found = Object.fromEntries(
      problems({
        type: 'object',
        'x-mcp-header': 'Root',
        $defs: { d: { type: 'string', 'x-mcp-header': 'Def' } },
        properties: { n: { type: 'string', 'x-mcp-header': 7 } },
      }),
    );
    assert.match(found['/'] ?? '', /schema root/);
    assert.match(found['/$defs/d'] ?? '', /through \$defs/);
    assert.match(found['/properties/n'] ?? '', /not a string/);
  });

  it('finds nothing in the correct flawed catalogue but its two lookup_city filters, all valid', () => {
    const all = toolList(new Set()).flatMap((t) => headerDeclarations(t['inputSchema']));
    assert.deepEqual(all.map((d) => `${d.header}:${d.problems.length}`).sort(), ['Country:0', 'Min-Population:0']);
  });

  it('reads and writes argument paths without touching the original', () => {
    const args = { a: { b: 1 }, c: 'x' };
    assert.equal(valueAt(args, ['a', 'b']), 1);
    assert.equal(valueAt(args, ['c', 'd']), undefined);
    assert.deepEqual(withValue(args, ['a', 'e'], null), { a: { b: 1, e: null }, c: 'x' });
    assert.deepEqual(withValue(args, ['c'], undefined), { a: { b: 1 } });
    assert.deepEqual(args, { a: { b: 1 }, c: 'x' });
  });
});

describe('probeHttp and the unaudited recorder', () => {
  let server: Server;
  after(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

  const start = async (): Promise<string> => {
    server = createServer((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/event-stream' }).write(': open\n\n');
        return; // never ends, like an old GET stream
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } })}\n\n`);
      if (req.headers['x-end'] === 'yes') res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  };

  it('gets the status of an endless stream and says whether a response stream ended', async () => {
    const url = await start();
    const rec = new WireRecorder();
    const o = { phase: 'unit', timeoutMs: 2000, endWithinMs: 150 } as const;
    const t0 = performance.now();
    const get = await probeHttp({ url }, rec, { ...o, method: 'GET', headers: {} });
    assert.deepEqual([get.status, get.sse, get.ended], [200, true, false]);
    assert.ok(performance.now() - t0 < 1500, 'cut after endWithinMs, not the timeout');
    const open = await probeHttp({ url }, rec, { ...o, id: 1, method: 'POST', headers: {}, body: '{}' });
    assert.deepEqual([open.final?.id, open.ended], [1, false]);
    const closed = await probeHttp({ url }, rec, { ...o, id: 1, method: 'POST', headers: { 'x-end': 'yes' }, body: '{}' });
    assert.deepEqual([closed.final?.id, closed.ended], [1, true]);
    assert.ok(closed.evidence.every((seq) => rec.entries.some((e) => e.seq === seq)));
  });

  it('keeps deliberate old-era messages as numbered evidence the wire audit never sees', () => {
    const audit = new WireAudit();
    const main = new WireRecorder(undefined, undefined, audit);
    const seq = new UnauditedRecorder(main).record({ from: 'server', channel: 'stdio', phase: 'unit', json: { jsonrpc: '2.0', id: 1, result: {} } });
    assert.equal(main.entries.at(-1)?.seq, seq);
    assert.deepEqual(main.entries.at(-1)?.body, { jsonrpc: '2.0', id: 1, result: {} }, 'kept as JSON evidence');
    assert.equal(audit.serverMessages, 0);
    main.record({ from: 'server', channel: 'stdio', phase: 'unit', json: { jsonrpc: '2.0', id: 2, result: {} } });
    assert.equal(audit.serverMessages, 1);
  });
});
