import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { meta, modernHeaders, post, rpc, schemaErrors, specErrors, startHttpProgram, type Json } from './helpers.js';

describe('support-desk example over Streamable HTTP', () => {
  let url = '';
  let close: () => Promise<void> = async () => {};
  before(async () => {
    const s = await startSupportDeskHttp();
    url = s.url;
    close = () => s.close();
  });
  after(() => close());

  const call = (message: Json, headers?: Record<string, string>) => post(url, message, headers);
  const assertError = (body: Json | undefined, id: unknown, code: number) => {
    assert.deepEqual(specErrors('JSONRPCErrorResponse', body), []);
    assert.equal(body?.id, id);
    assert.equal(body?.error?.code, code);
  };

  it('answers server/discover with a schema-valid result', async () => {
    const msg = rpc('server/discover');
    const res = await call(msg);
    assert.equal(res.status, 200);
    assert.deepEqual(specErrors('DiscoverResultResponse', res.body), []);
    const result = res.body?.result as Json;
    assert.deepEqual(result.supportedVersions, ['2026-07-28']);
    assert.ok(result.capabilities.tools && result.capabilities.resources && result.capabilities.prompts);
    assert.equal(result.resultType, 'complete');
    assert.equal(result._meta['io.modelcontextprotocol/serverInfo'].name, 'support-desk');
    assert.equal(res.headers['mcp-session-id'], undefined);
  });

  it('lists four tools with honest annotations, in a stable order', async () => {
    const first = await call(rpc('tools/list'));
    const second = await call(rpc('tools/list'));
    assert.deepEqual(specErrors('ListToolsResultResponse', first.body), []);
    const tools = first.body?.result.tools as Json[];
    assert.deepEqual(
      tools.map((t) => t.name),
      ['get_ticket', 'search_tickets', 'send_reply', 'find_customer'],
    );
    assert.deepEqual(
      second.body?.result.tools.map((t: Json) => t.name),
      tools.map((t) => t.name),
    );
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    assert.deepEqual(byName['get_ticket'].annotations, { readOnlyHint: true, openWorldHint: false });
    assert.deepEqual(byName['send_reply'].annotations, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    assert.deepEqual(byName['find_customer'].annotations, { readOnlyHint: true, openWorldHint: false });
    const props = byName['search_tickets'].inputSchema.properties;
    assert.deepEqual([props.status['x-mcp-header'], props.limit['x-mcp-header']], ['Status', 'Limit']);
    assert.deepEqual([props.status.type, props.limit.type], ['string', 'integer'], 'only string, integer or boolean may carry a header');
    assert.deepEqual(byName['search_tickets'].inputSchema.required, ['query'], 'header parameters stay optional');
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object');
      assert.ok(tool.outputSchema, `${tool.name} has an outputSchema`);
    }
  });

  it('returns structured tool results that match their outputSchema', async () => {
    const tools = (await call(rpc('tools/list'))).body?.result.tools as Json[];
    const outputSchema = (name: string) => tools.find((t) => t.name === name)?.outputSchema as object;
    const got = await call(rpc('tools/call', { name: 'get_ticket', arguments: { id: 'T-1001' } }));
    assert.deepEqual(specErrors('CallToolResultResponse', got.body), []);
    assert.deepEqual(schemaErrors(outputSchema('get_ticket'), got.body?.result.structuredContent), []);
    assert.deepEqual(JSON.parse(got.body?.result.content[0].text), got.body?.result.structuredContent);
    const searchMsg = rpc('tools/call', { name: 'search_tickets', arguments: { query: 'refund', status: 'open' } });
    const found = await call(searchMsg, { ...modernHeaders(searchMsg), 'mcp-param-status': 'open' });
    assert.deepEqual(schemaErrors(outputSchema('search_tickets'), found.body?.result.structuredContent), []);
    assert.deepEqual(
      found.body?.result.structuredContent.tickets.map((t: Json) => t.id),
      ['T-1003'],
    );
    const sent = await call(rpc('tools/call', { name: 'send_reply', arguments: { ticketId: 'T-1002', body: 'Please try Firefox.' } }));
    assert.deepEqual(schemaErrors(outputSchema('send_reply'), sent.body?.result.structuredContent), []);
    assert.equal(sent.body?.result.structuredContent.to, 'k.okafor@example.com');
    const missing = await call(rpc('tools/call', { name: 'get_ticket', arguments: { id: 'T-9999' } }));
    assert.equal(missing.body?.result.isError, true);
  });

  it('serves the policy, the ticket template and the prompt; a missing ticket is -32602 with data.uri', async () => {
    const policy = await call(rpc('resources/read', { uri: 'desk://policies/refunds' }));
    assert.deepEqual(specErrors('ReadResourceResultResponse', policy.body), []);
    assert.equal(policy.body?.result.cacheScope, 'public');
    const ticket = await call(rpc('resources/read', { uri: 'desk://tickets/T-1004' }));
    assert.equal(JSON.parse(ticket.body?.result.contents[0].text).id, 'T-1004');
    const templates = await call(rpc('resources/templates/list'));
    assert.deepEqual(specErrors('ListResourceTemplatesResultResponse', templates.body), []);
    assert.equal(templates.body?.result.resourceTemplates[0].uriTemplate, 'desk://tickets/{id}');
    assert.deepEqual(specErrors('ListResourcesResultResponse', (await call(rpc('resources/list'))).body), []);
    const prompts = await call(rpc('prompts/list'));
    assert.deepEqual(specErrors('ListPromptsResultResponse', prompts.body), []);
    const prompt = await call(rpc('prompts/get', { name: 'draft_reply', arguments: { ticketId: 'T-1001' } }));
    assert.deepEqual(specErrors('GetPromptResultResponse', prompt.body), []);
    const gone = rpc('resources/read', { uri: 'desk://tickets/T-0000' });
    const res = await call(gone);
    assertError(res.body, gone.id, -32602);
    assert.equal(res.body?.error.data.uri, 'desk://tickets/T-0000');
  });

  it('rejects bad versions, envelopes and removed methods with the 2026-07-28 codes', async () => {
    const v = rpc('tools/list', { _meta: meta({}, '2099-01-01') });
    const bad = await call(v);
    assert.equal(bad.status, 400);
    assertError(bad.body, v.id, -32022);
    assert.deepEqual(bad.body?.error.data, { supported: ['2026-07-28'], requested: '2099-01-01' });
    const noMeta = rpc('tools/list', { _meta: undefined });
    const res = await call(noMeta, modernHeaders(rpc('tools/list')));
    assert.equal(res.status, 400);
    assertError(res.body, noMeta.id, -32602);
    const noCaps = rpc('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } });
    assert.equal((await call(noCaps)).status, 400);
    const legacy = {
      jsonrpc: '2.0',
      id: 7,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const init = await call(legacy, { 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
    assert.equal(init.status, 400);
    assertError(init.body, 7, -32022);
    assert.deepEqual(init.body?.error.data.supported, ['2026-07-28'], 'a modern-only server names its versions to a 2025 client');
    for (const method of ['ping', 'logging/setLevel', 'resources/subscribe', 'no/such']) {
      const m = rpc(method);
      const r = await call(m);
      assert.equal(r.status, 404, method);
      assertError(r.body, m.id, -32601);
    }
  });

  it('checks Mcp-Method and Mcp-Name (-32020), decoding base64 and ignoring name case and padding', async () => {
    const msg = rpc('tools/call', { name: 'get_ticket', arguments: { id: 'T-1001' } });
    const wrongName = await call(msg, { ...modernHeaders(msg), 'mcp-name': 'send_reply' });
    assert.equal(wrongName.status, 400);
    assertError(wrongName.body, msg.id, -32020);
    const { 'mcp-method': _dropped, ...noMethod } = modernHeaders(msg);
    assert.equal((await call(msg, noMethod)).body?.error?.code, -32020);
    const upper = await call(msg, { ...modernHeaders(msg), 'mcp-method': 'TOOLS/CALL' });
    assert.equal(upper.body?.error?.code, -32020, 'header values are case-sensitive');
    const b64 = `=?base64?${Buffer.from('get_ticket').toString('base64')}?=`;
    const { 'mcp-name': _n, 'mcp-method': _m, ...rest } = modernHeaders(msg);
    const ok = await call(msg, { ...rest, 'MCP-METHOD': '  tools/call ', 'Mcp-Name': b64 });
    assert.equal(ok.status, 200);
    assert.equal(ok.body?.result.structuredContent.id, 'T-1001');
  });

  it('checks Mcp-Param headers against x-mcp-header arguments (-32020), decoding base64 and comparing integers numerically', async () => {
    const search = (args: Json, params: Record<string, string>) => {
      const msg = rpc('tools/call', { name: 'search_tickets', arguments: { query: '', ...args } });
      return call(msg, { ...modernHeaders(msg), ...params });
    };
    const served = async (args: Json, params: Record<string, string>) => {
      const res = await search(args, params);
      assert.equal(res.status, 200, `${JSON.stringify(args)} ${JSON.stringify(params)}: ${res.text}`);
      return res.body?.result.structuredContent.tickets.map((t: Json) => t.id) as string[];
    };
    const refused = async (args: Json, params: Record<string, string>) => {
      const res = await search(args, params);
      assert.equal(res.status, 400, `${JSON.stringify(args)} ${JSON.stringify(params)}`);
      assert.deepEqual(specErrors('JSONRPCErrorResponse', res.body), []);
      assert.equal(res.body?.error.code, -32020);
    };
    assert.deepEqual(await served({ status: 'open' }, { 'mcp-param-status': 'open' }), ['T-1001', 'T-1003']);
    assert.deepEqual(await served({ status: 'solved' }, { 'Mcp-Param-Status': `=?base64?${Buffer.from('solved').toString('base64')}?=` }), ['T-1004']);
    assert.deepEqual(await served({ limit: 2 }, { 'mcp-param-limit': '2.0' }), ['T-1001', 'T-1002']);
    assert.deepEqual(await served({}, {}), ['T-1001', 'T-1002', 'T-1003', 'T-1004'], 'no argument, no header expected');
    await refused({ status: 'open' }, {});
    await refused({ status: 'open' }, { 'mcp-param-status': 'pending' });
    await refused({ status: 'open' }, { 'mcp-param-status': '=?base64?b3Blb!!!?=' });
    await refused({ status: 'open' }, { 'mcp-param-status': '=?base64?b3Blbg?=' });
    await refused({ status: 'open' }, { 'mcp-param-status': '=?BASE64?b3Blbg==?=' });
    await refused({ limit: 2 }, { 'mcp-param-limit': '3' });
    await refused({ status: 'open', limit: 2 }, { 'mcp-param-status': 'open' });
  });

  it('speaks only POST, answers notifications with 202 and refuses foreign Host and Origin', async () => {
    for (const verb of ['GET', 'DELETE']) {
      const res = await post(url, undefined, {}, verb);
      assert.equal(res.status, 405);
      assert.equal(res.headers['allow'], 'POST');
    }
    const note = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: meta() } };
    assert.equal((await call(note)).status, 202);
    const msg = rpc('tools/list');
    const evil = await call(msg, { ...modernHeaders(msg), origin: 'http://evil.example' });
    assert.equal(evil.status, 403);
    assertError(evil.body, msg.id, -32600);
    assert.equal((await call(msg, { ...modernHeaders(msg), host: 'evil.example' })).status, 403);
    assert.equal((await call(msg, { ...modernHeaders(msg), origin: 'http://localhost:5173' })).status, 200);
    const parse = await post(url, '{not json', modernHeaders(msg));
    assert.equal(parse.status, 400);
    assert.deepEqual(specErrors('JSONRPCErrorResponse', parse.body), []);
  });
});

describe('support-desk HTTP program entry', () => {
  let proc: Awaited<ReturnType<typeof startHttpProgram>>['proc'] | undefined;
  after(() => proc?.kill());

  it('prints one listening line, serves, and exits 0 on SIGTERM', async () => {
    const started = await startHttpProgram('support-desk/http');
    proc = started.proc;
    assert.deepEqual(proc.lines, [`listening ${started.url}`]);
    const res = await post(started.url, rpc('server/discover'));
    assert.equal(res.body?.result.resultType, 'complete');
    proc.child.kill('SIGTERM');
    assert.equal(await proc.exited, 0);
  });
});
