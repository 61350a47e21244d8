import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFlawedHttp, type FlawedHttp } from '../../examples/flawed-server/http.js';
import { meta, modernHeaders, post, rpc, schemaErrors, specErrors, startHttpProgram, type Json } from './helpers.js';

for (const sse of [false, true]) {
  describe(`flawed server without faults over HTTP (${sse ? 'SSE' : 'JSON'} responses)`, () => {
    let server: FlawedHttp;
    before(async () => (server = await startFlawedHttp({ faults: [], sse })));
    after(() => server.close());

    const call = (message: Json, headers?: Record<string, string>) => post(server.url, message, headers);
    const ok = async (message: Json, def: string) => {
      const res = await call(message);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(String(res.headers['content-type']).split(';')[0], sse ? 'text/event-stream' : 'application/json');
      if (sse) {
        assert.equal(res.headers['x-accel-buffering'], 'no');
        assert.equal(res.events.length, 1);
      }
      assert.equal(res.headers['mcp-session-id'], undefined);
      assert.deepEqual(specErrors(def, res.body), []);
      return res.body?.result as Json;
    };
    const fails = async (message: Json, status: number, code: number, headers?: Record<string, string>) => {
      const res = await call(message, headers);
      assert.equal(res.status, status, JSON.stringify(res.body));
      assert.deepEqual(specErrors('JSONRPCErrorResponse', res.body), []);
      assert.equal(res.body?.id, message.id, 'every error carries the request id');
      assert.equal(res.body?.error.code, code);
      return res.body?.error as Json;
    };

    it('answers discover and the lists with schema-valid, cacheable results', async () => {
      const discover = await ok(rpc('server/discover'), 'DiscoverResultResponse');
      assert.deepEqual(discover.supportedVersions, ['2026-07-28']);
      assert.deepEqual(Object.keys(discover.capabilities).sort(), ['completions', 'prompts', 'resources', 'tools']);
      assert.equal(discover._meta['io.modelcontextprotocol/serverInfo'].name, 'flawed-server');
      const tools = await ok(rpc('tools/list'), 'ListToolsResultResponse');
      const again = await ok(rpc('tools/list'), 'ListToolsResultResponse');
      assert.deepEqual(
        tools.tools.map((t: Json) => t.name),
        ['lookup_city', 'list_cities', 'confirm_lookup', 'delete_city'],
      );
      assert.deepEqual(again.tools, tools.tools);
      assert.deepEqual(tools.tools[1].inputSchema, { type: 'object', additionalProperties: false });
      assert.deepEqual(tools.tools[3].annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
      for (const result of [discover, tools])
        assert.ok(Number.isInteger(result.ttlMs) && result.ttlMs >= 0 && ['public', 'private'].includes(result.cacheScope));
      await ok(rpc('resources/list'), 'ListResourcesResultResponse');
      const templates = await ok(rpc('resources/templates/list'), 'ListResourceTemplatesResultResponse');
      assert.equal(templates.resourceTemplates[0].uriTemplate, 'cities://city/{name}');
      await ok(rpc('prompts/list'), 'ListPromptsResultResponse');
      const prompt = await ok(rpc('prompts/get', { name: 'plan_trip', arguments: { city: 'Quito' } }), 'GetPromptResultResponse');
      assert.match(prompt.messages[0].content.text, /Quito/);
    });

    it('calls tools with structured results and reads resources', async () => {
      const list = await ok(rpc('tools/list'), 'ListToolsResultResponse');
      const result = await ok(rpc('tools/call', { name: 'lookup_city', arguments: { name: 'Osaka' } }), 'CallToolResultResponse');
      assert.deepEqual(schemaErrors(list.tools[0].outputSchema, result.structuredContent), []);
      assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
      const cities = await ok(rpc('tools/call', { name: 'list_cities', arguments: {} }), 'CallToolResultResponse');
      assert.equal(cities.structuredContent.cities.length, 5);
      const read = await ok(rpc('resources/read', { uri: 'cities://city/Lisbon' }), 'ReadResourceResultResponse');
      assert.equal(JSON.parse(read.contents[0].text).country, 'Portugal');
      const error = await fails(rpc('resources/read', { uri: 'cities://city/Atlantis' }), 200, -32602);
      assert.equal(error.data.uri, 'cities://city/Atlantis');
      await fails(rpc('tools/call', { name: 'no_such_tool', arguments: {} }), 200, -32602);
      assert.equal(server.toolCalls()['delete_city'], undefined);
    });

    it('runs the confirm_lookup input_required round trip (MRTR) and gates it on elicitation', async () => {
      const missing = await fails(rpc('tools/call', { name: 'confirm_lookup', arguments: { name: 'Nairobi' } }), 400, -32021);
      assert.deepEqual(missing.data, { requiredCapabilities: { elicitation: {} } });
      const caps = { elicitation: {} };
      const first = await ok(rpc('tools/call', { name: 'confirm_lookup', arguments: { name: 'Nairobi' } }, caps), 'JSONRPCResultResponse');
      assert.deepEqual(specErrors('InputRequiredResult', first), []);
      assert.equal(first.resultType, 'input_required');
      assert.equal(first.inputRequests.confirm.method, 'elicitation/create');
      assert.deepEqual(specErrors('ElicitRequestFormParams', first.inputRequests.confirm.params), []);
      const retry = {
        name: 'confirm_lookup',
        arguments: { name: 'Nairobi' },
        requestState: first.requestState,
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      };
      const done = await ok(rpc('tools/call', retry, caps), 'CallToolResultResponse');
      assert.equal(done.resultType, 'complete');
      assert.equal(done.structuredContent.country, 'Kenya');
      await fails(rpc('tools/call', { ...retry, requestState: `${first.requestState}x` }, caps), 200, -32602);
    });

    it('validates _meta and the version on every request', async () => {
      const v = rpc('tools/list', { _meta: meta({}, '2099-01-01') });
      const error = await fails(v, 400, -32022);
      assert.deepEqual(error.data, { supported: ['2026-07-28'], requested: '2099-01-01' });
      const headers = modernHeaders(rpc('tools/list'));
      await fails(rpc('tools/list', { _meta: undefined }), 400, -32602, headers);
      await fails(rpc('tools/list', { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }), 400, -32602, headers);
      await fails(rpc('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }), 400, -32602);
      const legacy = {
        jsonrpc: '2.0',
        id: 'init',
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      };
      const refused = await fails(legacy, 400, -32022, { 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
      assert.deepEqual(refused.data, { supported: ['2026-07-28'], requested: '2025-11-25' });
      for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'no/such']) {
        await fails(rpc(method), 404, -32601);
      }
    });

    it('checks the MCP headers (-32020), decoding and trimming values but comparing them case-sensitively', async () => {
      const msg = rpc('tools/call', { name: 'lookup_city', arguments: { name: 'Tromsø' } });
      const h = modernHeaders(msg);
      const without = (name: string) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== name));
      await fails(msg, 400, -32020, without('mcp-method'));
      await fails(msg, 400, -32020, without('mcp-name'));
      await fails(msg, 400, -32020, without('mcp-protocol-version'));
      await fails(msg, 400, -32020, { ...h, 'mcp-name': 'list_cities' });
      await fails(msg, 400, -32020, { ...h, 'mcp-method': 'TOOLS/CALL' });
      await fails(msg, 400, -32020, { ...h, 'mcp-name': '=?base64?!!!?=' });
      const res = await call(msg, {
        ...without('mcp-method'),
        'MCP-METHOD': ' tools/call ',
        'mcp-name': `=?base64?${Buffer.from('lookup_city').toString('base64')}?=`,
      });
      assert.equal(res.body?.result?.structuredContent?.name, 'Tromsø');
      const read = rpc('resources/read', { uri: 'cities://index' });
      await fails(read, 400, -32020, { ...modernHeaders(read), 'mcp-name': 'cities://other' });
    });

    it('is POST-only, 202s notifications and refuses foreign Host and Origin', async () => {
      for (const verb of ['GET', 'DELETE']) {
        const res = await post(server.url, undefined, {}, verb);
        assert.equal(res.status, 405);
        assert.equal(res.headers['allow'], 'POST');
      }
      const note = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, _meta: meta() } };
      const accepted = await call(note);
      assert.equal(accepted.status, 202);
      assert.equal(accepted.text, '');
      await fails(rpc('tools/list'), 403, -32600, { ...modernHeaders(rpc('tools/list')), origin: 'http://evil.example' });
      await fails(rpc('tools/list'), 403, -32600, { ...modernHeaders(rpc('tools/list')), host: 'evil.example:80' });
      const parse = await post(server.url, '{"jsonrpc":', modernHeaders(rpc('tools/list')));
      assert.equal(parse.status, 400);
      assert.equal(parse.body?.error.code, -32700);
    });
  });
}

describe('flawed server HTTP program entry', () => {
  let proc: Awaited<ReturnType<typeof startHttpProgram>>['proc'] | undefined;
  after(() => proc?.kill());

  it('prints one listening line, applies the demo faults by default, streams with --sse and exits 0 on SIGTERM', async () => {
    const started = await startHttpProgram('flawed-server/http', ['--sse']);
    proc = started.proc;
    assert.deepEqual(proc.lines, [`listening ${started.url}`]);
    const res = await post(started.url, rpc('server/discover'));
    assert.equal(res.events.length, 1);
    assert.equal(res.body?.result.capabilities, undefined, 'discover-missing-fields is a demo fault');
    proc.child.kill('SIGTERM');
    assert.equal(await proc.exited, 0);
  });
});
