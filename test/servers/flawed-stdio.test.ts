import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { DEMO_FAULTS, FAULTS, faultsFromArgv } from '../../examples/flawed-server/faults.js';
import { FlawedCore } from '../../examples/flawed-server/core.js';
import { meta, rpc, specErrors, StdioChild, type Json } from './helpers.js';

describe('flawed server over stdio', () => {
  const children: StdioChild[] = [];
  const start = (faults: string) => {
    const child = StdioChild.start('flawed-server/stdio', ['--faults', faults]);
    children.push(child);
    return child;
  };
  after(() => Promise.all(children.map((c) => c.kill())));

  it('without faults answers correctly, writes only JSON-RPC to stdout and exits on EOF', async () => {
    const child = start('none');
    assert.deepEqual(specErrors('DiscoverResultResponse', await child.request(rpc('server/discover'))), []);
    assert.deepEqual(specErrors('ListToolsResultResponse', await child.request(rpc('tools/list'))), []);
    const called = await child.request(rpc('tools/call', { name: 'lookup_city', arguments: { name: 'Quito' } }));
    assert.deepEqual(specErrors('CallToolResultResponse', called), []);
    const expectError = async (message: Json, code: number) => {
      const reply = await child.request(message);
      assert.deepEqual(specErrors('JSONRPCErrorResponse', reply), []);
      assert.equal(reply.error.code, code);
      return reply.error as Json;
    };
    assert.deepEqual((await expectError(rpc('tools/list', { _meta: meta({}, '2099-01-01') }), -32022)).data, {
      supported: ['2026-07-28'],
      requested: '2099-01-01',
    });
    await expectError(rpc('tools/list', { _meta: undefined }), -32602);
    await expectError(rpc('initialize'), -32601);
    assert.equal((await expectError(rpc('resources/read', { uri: 'cities://city/Nowhere' }), -32602)).data.uri, 'cities://city/Nowhere');
    child.send('{broken');
    await child.until(() => child.lines.find((l) => l.includes('-32700')), 3000, 'parse error');
    assert.ok(
      child.messages.every((m) => m !== undefined),
      'every stdout line is JSON',
    );
    child.child.stdin.end();
    assert.equal(await child.exited, 0);
  });

  it('stdout-garbage and huge-body: a non-JSON line at start and after each answer; a ~50 MB tools/list line', async () => {
    const child = start('stdout-garbage,huge-body');
    const discover = rpc('server/discover');
    await child.request(discover);
    const list = rpc('tools/list');
    const huge = await child.request(list, 15_000);
    assert.equal(huge.result.tools[0].name, 'bloat');
    const lineOf = (id: number) => child.messages.findIndex((m) => m?.id === id);
    assert.ok((child.lines[lineOf(list.id)] as string).length >= 50 * 1024 * 1024);
    await child.until(() => (child.lines.length >= 4 ? true : undefined), 3000, 'garbage after the last answer');
    for (const i of [0, lineOf(discover.id) + 1, lineOf(list.id) + 1]) assert.equal(child.messages[i], undefined, `line ${i} is not JSON`);
  });

  it('die-mid-run and hang: tools/list never answers, and the process exits 1 after its 3rd answer', async () => {
    const child = start('die-mid-run,hang');
    const list = rpc('tools/list');
    child.send(list);
    for (let i = 0; i < 3; i++) await child.request(rpc('server/discover'));
    assert.equal(await child.exited, 1);
    assert.ok(!child.messages.some((m) => m?.id === list.id), 'tools/list was never answered');
  });

  it('refuses an unknown fault at start-up', async () => {
    const child = start('tools-order-unstable,no-such-fault');
    assert.equal(await child.exited, 2);
    assert.match(child.stderr, /unknown fault\(s\): no-such-fault/);
  });

  it('reads --faults: absent means the demo list, "none" means none', () => {
    assert.deepEqual(faultsFromArgv([]), [...DEMO_FAULTS]);
    assert.deepEqual(faultsFromArgv(['--faults', 'none']), []);
    assert.deepEqual(faultsFromArgv(['--faults=hang,huge-body']), ['hang', 'huge-body']);
    assert.throws(() => faultsFromArgv(['--faults', 'nope']), /unknown fault/);
    assert.ok(DEMO_FAULTS.every((f) => f in FAULTS));
    assert.throws(() => new FlawedCore({ faults: ['nope'] }), /unknown fault/);
  });

  it('logs and counts delete_city calls so a harness can prove it never made one', () => {
    const lines: string[] = [];
    const core = new FlawedCore({ log: (l) => lines.push(l) });
    core.handle(rpc('tools/call', { name: 'lookup_city', arguments: { name: 'Osaka' } }));
    assert.equal(core.toolCalls['delete_city'], undefined);
    core.handle(rpc('tools/call', { name: 'delete_city', arguments: { name: 'Osaka' } }));
    assert.equal(core.toolCalls['delete_city'], 1);
    assert.deepEqual(lines, ['CALLED delete_city Osaka']);
  });
});
