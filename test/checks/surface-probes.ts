import assert from 'node:assert/strict';
import type { FlawedHttp } from '../../examples/flawed-server/http.js';
import { meta, post, rpc, specErrors, type Json } from '../servers/helpers.js';

export type Probe = (server: FlawedHttp) => Promise<void>;

const INFO = { 'io.modelcontextprotocol/clientInfo': { name: 'probe', version: '1' } };
const TRACE = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const call = async (s: FlawedHttp, message: Json) => (await post(s.url, message)).body as Json;
const result = async (s: FlawedHttp, message: Json) => (await call(s, message)).result as Json;
const code = async (s: FlawedHttp, message: Json) => (await call(s, message)).error?.code as number | undefined;
const lookup = (args: Json = { name: 'Lisbon' }, m: Json = meta()) => rpc('tools/call', { name: 'lookup_city', arguments: args, _meta: m });
const confirm = (caps: Json) => rpc('tools/call', { name: 'confirm_lookup', arguments: { name: 'Quito' }, _meta: { ...meta(caps), traceparent: TRACE } });

/**
 * One wire-level probe per surface fault, independent of the checks: it must pass with the fault and fail on the
 * correct server, so each fault is shown to change exactly the behaviour FAULTS describes. Exported so the flawed
 * server's own probe table can include them.
 */
export const SURFACE_PROBES: Record<string, Probe> = {
  'client-info-required': async (s) => {
    assert.equal(await code(s, rpc('tools/list')), -32602);
    assert.ok(Array.isArray((await result(s, rpc('tools/list', { _meta: { ...meta(), ...INFO } }))).tools), 'served with clientInfo');
  },
  'capabilities-carried-over': async (s) => {
    assert.equal((await result(s, confirm({ elicitation: {} }))).resultType, 'input_required');
    assert.equal((await result(s, confirm({})))?.resultType, 'input_required', 'elicitation carried over within the trace');
  },
  'server-info-missing': async (s) => assert.equal((await result(s, rpc('server/discover')))._meta?.['io.modelcontextprotocol/serverInfo'], undefined),
  'completion-unimplemented': async (s) => {
    assert.ok('completions' in (await result(s, rpc('server/discover'))).capabilities, 'completions advertised');
    const res = await post(s.url, rpc('completion/complete', { ref: { type: 'ref/prompt', name: 'plan_trip' }, argument: { name: 'city', value: '' } }));
    assert.equal(res.status, 404);
    assert.equal(res.body?.error.code, -32601);
  },
  'completion-unadvertised': async (s) => {
    assert.ok(!('completions' in (await result(s, rpc('server/discover'))).capabilities), 'completions not advertised');
    assert.ok(
      (await result(s, rpc('completion/complete', { ref: { type: 'ref/prompt', name: 'plan_trip' }, argument: { name: 'city', value: 'o' } }))).completion,
      'completion served',
    );
  },
  'version-unchecked-after-call': async (s) => {
    assert.equal(await code(s, lookup({ name: 'Lisbon' }, meta({}, '2099-01-01'))), -32022, 'refused before any call');
    assert.ok(await result(s, lookup()), 'a call served');
    assert.ok((await result(s, lookup({ name: 'Lisbon' }, meta({}, '2099-01-01'))))?.structuredContent, 'served after a call');
    assert.equal(await code(s, rpc('tools/list', { _meta: meta({}, '2099-01-01') })), -32022, 'lists are still checked');
  },
  'structured-content-invalid': async (s) => {
    const r = await result(s, rpc('tools/call', { name: 'list_cities', arguments: {} }));
    assert.equal(typeof r.structuredContent.cities, 'string');
    assert.deepEqual(JSON.parse(r.content[0].text), r.structuredContent);
  },
  'text-mirror-missing': async (s) => {
    const r = await result(s, lookup());
    assert.equal(r.structuredContent.country, 'Portugal');
    assert.throws(() => JSON.parse(r.content[0].text), SyntaxError);
  },
  'tool-errors-as-rpc': async (s) => {
    assert.equal(await code(s, lookup({ name: 12345 })), -32603);
    assert.equal(await code(s, lookup({ name: 'Atlantis' })), -32603);
  },
  'unknown-tool-result': async (s) => assert.equal((await result(s, rpc('tools/call', { name: 'no_such_tool', arguments: {} })))?.isError, true),
  'tool-names-invalid': async (s) => {
    const names = ((await result(s, rpc('tools/list'))).tools as Json[]).map((t) => t.name as string);
    assert.ok(names.includes('find city'), 'a name with a space');
    assert.equal(names.filter((n) => n === 'list_cities').length, 2);
  },
  'error-code-reserved': async (s) => assert.equal(await code(s, rpc('tools/call', { name: 'no_such_tool', arguments: {} })), -32050),
  'resources-list-invalid': async (s) => {
    const body = await call(s, rpc('resources/list'));
    assert.ok(
      (body.result.resources as Json[]).every((r) => !('name' in r)),
      'no resource has a name',
    );
    assert.notDeepEqual(specErrors('ListResourcesResultResponse', body), []);
  },
  'resource-read-wrong-uri': async (s) => assert.equal((await result(s, rpc('resources/read', { uri: 'cities://index' }))).contents[0].uri, 'cities://index/'),
  'templates-list-invalid': async (s) => {
    const [t] = (await result(s, rpc('resources/templates/list'))).resourceTemplates as Json[];
    assert.equal(t?.uriTemplate, undefined);
    assert.equal(t?.uri, 'cities://city/{name}');
  },
  'prompts-list-invalid': async (s) => assert.equal((await result(s, rpc('prompts/list'))).prompts[0].arguments[0].required, 'yes'),
  'prompt-messages-invalid': async (s) =>
    assert.equal((await result(s, rpc('prompts/get', { name: 'plan_trip', arguments: { city: 'Osaka' } }))).messages[0].role, 'system'),
  'prompt-unknown-wrong-code': async (s) => assert.equal(await code(s, rpc('prompts/get', { name: 'nope', arguments: {} })), -32601),
  'prompt-missing-argument-served': async (s) =>
    assert.match((await result(s, rpc('prompts/get', { name: 'plan_trip', arguments: {} })))?.messages[0].content.text, /somewhere/),
  'completion-invalid': async (s) => {
    const r = await result(
      s,
      rpc('completion/complete', { ref: { type: 'ref/resource', uri: 'cities://city/{name}' }, argument: { name: 'name', value: 'l' } }),
    );
    assert.deepEqual(r.completion.values, [{ value: 'Lisbon' }]);
  },
  'cursor-ignored': async (s) => {
    for (const m of ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']) assert.ok(await result(s, rpc(m, { cursor: 'bogus' })), m);
  },
  'cache-scope-per-page': async (s) => {
    const first = await result(s, rpc('resources/list'));
    const second = await result(s, rpc('resources/list', { cursor: first.nextCursor }));
    assert.deepEqual([first.cacheScope, second.cacheScope], ['public', 'private']);
  },
  'trace-context-rejected': async (s) => {
    for (const key of ['traceparent', 'tracestate', 'baggage'])
      assert.equal(await code(s, rpc('tools/list', { _meta: { ...meta(), [key]: key === 'traceparent' ? TRACE : 'k=v' } })), -32602, key);
  },
};
