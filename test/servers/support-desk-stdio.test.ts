import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { NO_GUARD_ENV } from '../../examples/support-desk/stdio.js';
import { meta, rpc, specErrors, StdioChild } from './helpers.js';

describe('support-desk example over stdio', () => {
  const children: StdioChild[] = [];
  const start = (env: Record<string, string> = {}) => {
    const child = StdioChild.start('support-desk/stdio', [], env);
    children.push(child);
    return child;
  };
  after(() => Promise.all(children.map((c) => c.kill())));

  it('serves modern requests and keeps answering -32022 after a tools/call (SDK 2.4 workaround)', async () => {
    const child = start();
    const discover = await child.request(rpc('server/discover'));
    assert.deepEqual(specErrors('DiscoverResultResponse', discover), []);
    assert.deepEqual(discover.result.supportedVersions, ['2026-07-28']);
    const called = await child.request(rpc('tools/call', { name: 'get_ticket', arguments: { id: 'T-1002' } }));
    assert.deepEqual(specErrors('CallToolResultResponse', called), []);
    assert.equal(called.result.structuredContent.id, 'T-1002');
    const bad = rpc('tools/list', { _meta: meta({}, '2099-01-01') });
    const refused = await child.request(bad);
    assert.deepEqual(specErrors('JSONRPCErrorResponse', refused), []);
    assert.equal(refused.id, bad.id);
    assert.equal(refused.error.code, -32022);
    assert.deepEqual(refused.error.data, { supported: ['2026-07-28'], requested: '2099-01-01' });
    const after = await child.request(rpc('tools/list'));
    assert.deepEqual(specErrors('ListToolsResultResponse', after), [], 'still serving supported versions');
  });

  it('rejects a missing envelope, a removed method and a missing resource with the modern codes', async () => {
    const child = start();
    // As the opening message, a claim-less request must not pin the connection to the 2025 era.
    const opener = await child.request(rpc('tools/list', { _meta: undefined }));
    assert.equal(opener.error?.code, -32602);
    await child.request(rpc('server/discover'));
    const noMeta = await child.request(rpc('tools/list', { _meta: undefined }));
    assert.equal(noMeta.error?.code, -32602);
    assert.equal((await child.request(rpc('ping'))).error.code, -32601);
    const missing = await child.request(rpc('resources/read', { uri: 'desk://tickets/T-0404' }));
    assert.deepEqual(specErrors('JSONRPCErrorResponse', missing), []);
    assert.equal(missing.error.code, -32602);
    assert.equal(missing.error.data.uri, 'desk://tickets/T-0404');
    assert.ok(
      child.messages.every((m) => m !== undefined),
      'stdout carries only JSON-RPC',
    );
  });

  const legacy = async (capabilities: Record<string, unknown>) => {
    const child = start();
    const init = await child.request({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'test', version: '1' } },
    });
    assert.equal(init.result.protocolVersion, '2025-11-25');
    child.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return child;
  };

  it('still serves the 2025 era through initialize', async () => {
    const child = await legacy({});
    const tools = await child.request({ jsonrpc: '2.0', id: 'list', method: 'tools/list', params: {} });
    assert.deepEqual(
      tools.result.tools.map((t: { name: string }) => t.name),
      ['get_ticket', 'search_tickets', 'send_reply', 'find_customer'],
    );
  });

  it('asks a 2025 client which customer it means with a real elicitation/create request', async () => {
    const child = await legacy({ elicitation: {} });
    child.send({ jsonrpc: '2.0', id: 'find', method: 'tools/call', params: { name: 'find_customer', arguments: { query: 'Ana' } } });
    const ask = await child.until(() => child.messages.find((m) => m?.method === 'elicitation/create'), 8000, 'elicitation/create');
    assert.deepEqual(
      ask.params.requestedSchema.properties.customer.oneOf.map((o: { const: string }) => o.const),
      ['C-201', 'C-202'],
    );
    child.send({ jsonrpc: '2.0', id: ask.id, result: { action: 'accept', content: { customer: 'C-201' } } });
    const found = await child.response('find');
    assert.equal(found.result.structuredContent.customer.email, 'ana.lima@example.com');
    assert.deepEqual(found.result.structuredContent.customer.ticketIds, ['T-1001']);
  });

  it('without the guard, the SDK bug is still there (remove the guard once this fails)', async () => {
    const child = start({ [NO_GUARD_ENV]: '1' });
    await child.request(rpc('tools/call', { name: 'get_ticket', arguments: { id: 'T-1001' } }));
    const served = await child.request(rpc('tools/list', { _meta: meta({}, '2099-01-01') }));
    assert.equal(served.error, undefined, 'SDK 2.4 serves the unsupported version');
    assert.ok(Array.isArray(served.result?.tools));
  });
});
