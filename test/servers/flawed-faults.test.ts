import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { CORRELATION_PROBES, TRANSPORT_PROBES, TRANSPORT_STDIO_ONLY } from '../checks/transport-fault-probes.js';
import { SURFACE_PROBES } from '../checks/surface-probes.js';
import { FAULTS } from '../../examples/flawed-server/faults.js';
import { startFlawedHttp, type FlawedHttp } from '../../examples/flawed-server/http.js';
import { meta, modernHeaders, post, rpc, specErrors, type Json } from './helpers.js';
import { HOSTILE_PROBES } from './flawed-hostile-probes.js';

type Probe = (server: FlawedHttp) => Promise<void>;
const call = (s: FlawedHttp, message: Json, headers?: Record<string, string>) => post(s.url, message, headers);
const result = async (s: FlawedHttp, message: Json) => (await call(s, message)).body?.result as Json;
const toolSchema = async (s: FlawedHttp, name: string) => (await result(s, rpc('tools/list'))).tools.find((t: Json) => t.name === name).inputSchema as Json;
const lookup = rpc('tools/call', { name: 'lookup_city', arguments: { name: 'Lisbon' } });
const compiles = (schema: object) => {
  try {
    new Ajv2020({ strict: false }).compile(schema);
    return true;
  } catch {
    return false;
  }
};
const depth = (schema: Json | undefined) => {
  let n = 0;
  for (let s = schema; s?.items; s = s.items as Json) n++;
  return n;
};

/** One probe per fault (stdio-only faults are probed in flawed-stdio.test.ts). */
const PROBES: Record<string, Probe> = {
  'discover-unimplemented': async (s) => {
    const res = await call(s, rpc('server/discover'));
    assert.equal(res.status, 404);
    assert.equal(res.body?.error.code, -32601);
  },
  'discover-missing-version': async (s) => {
    assert.deepEqual((await result(s, rpc('server/discover'))).supportedVersions, ['2025-11-25']);
    assert.ok(Array.isArray((await result(s, rpc('tools/list'))).tools), 'still served');
  },
  'discover-missing-fields': async (s) => {
    const res = await call(s, rpc('server/discover'));
    const discovered = res.body?.result as Json;
    assert.equal(discovered.resultType, 'complete');
    for (const key of ['capabilities', 'ttlMs', 'cacheScope']) assert.ok(!(key in discovered), key);
    assert.notDeepEqual(specErrors('DiscoverResultResponse', res.body), []);
  },
  'tools-order-unstable': async (s) => {
    const names = async () => (await result(s, rpc('tools/list'))).tools.map((t: Json) => t.name) as string[];
    const [a, b] = [await names(), await names()];
    assert.notDeepEqual(a, b);
    assert.deepEqual([...a].sort(), [...b].sort());
  },
  'cache-hints-missing': async (s) => {
    for (const m of ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']) {
      const r = await result(s, rpc(m));
      assert.ok(!('ttlMs' in r) && !('cacheScope' in r), m);
    }
    const read = await result(s, rpc('resources/read', { uri: 'cities://index' }));
    assert.ok(!('ttlMs' in read) && !('cacheScope' in read));
    assert.equal((await result(s, rpc('server/discover'))).cacheScope, 'public', 'discover untouched');
  },
  'cache-hints-invalid': async (s) => {
    const list = await call(s, rpc('tools/list'));
    assert.equal(list.body?.result.ttlMs, -5);
    assert.notDeepEqual(specErrors('ListToolsResultResponse', list.body), []);
    assert.equal((await result(s, rpc('resources/read', { uri: 'cities://index' }))).cacheScope, 'shared');
  },
  'result-type-missing': async (s) => {
    for (const m of [rpc('server/discover'), rpc('tools/list'), lookup]) assert.ok(!('resultType' in (await result(s, m))), m.method);
  },
  'result-type-unknown': async (s) => {
    for (const m of [rpc('server/discover'), rpc('tools/list'), lookup]) assert.equal((await result(s, m)).resultType, 'done');
  },
  'schema-root-not-object': async (s) => assert.equal((await toolSchema(s, 'list_cities')).type, 'array'),
  'schema-invalid': async (s) => {
    const schema = await toolSchema(s, 'lookup_city');
    assert.equal(schema.properties.name.type, 'strng');
    assert.equal(compiles(schema), false);
  },
  'schema-network-ref': async (s) => assert.equal((await toolSchema(s, 'lookup_city')).properties?.region?.$ref, process.env['FLAWED_CANARY_URL']),
  'schema-dangling-ref': async (s) => {
    const schema = await toolSchema(s, 'lookup_city');
    assert.equal(schema.properties?.region?.$ref, '#/$defs/missing');
    assert.equal(compiles(schema), false);
  },
  'schema-hostile': async (s) => {
    const schema = await toolSchema(s, 'lookup_city');
    assert.ok(depth(schema.properties.filter) >= 3000, `depth ${depth(schema.properties.filter)}`);
    assert.deepEqual(schema.$defs, { ping: { $ref: '#/$defs/pong' }, pong: { $ref: '#/$defs/ping' } });
  },
  'version-unchecked': async (s) => {
    const res = await call(s, rpc('tools/list', { _meta: meta({}, '2099-01-01') }));
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body?.result.tools));
  },
  'version-error-bad-data': async (s) => {
    const res = await call(s, rpc('tools/list', { _meta: meta({}, '2099-01-01') }));
    assert.equal(res.status, 200);
    assert.equal(res.body?.error.code, -32022);
    assert.equal(res.body?.error.data, undefined);
  },
  'meta-unchecked': async (s) => {
    const res = await call(s, rpc('tools/list', { _meta: undefined }), modernHeaders(rpc('tools/list')));
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body?.result.tools));
  },
  'unknown-method-wrong': async (s) => {
    const res = await call(s, rpc('ping'));
    assert.equal(res.status, 200);
    assert.equal(res.body?.error.code, -32603);
  },
  'resource-missing-legacy-code': async (s) => {
    assert.equal((await call(s, rpc('resources/read', { uri: 'cities://city/Atlantis' }))).body?.error.code, -32002);
  },
  'resource-missing-empty': async (s) => {
    assert.deepEqual((await result(s, rpc('resources/read', { uri: 'cities://city/Atlantis' })))?.contents, []);
  },
  'capability-unchecked': async (s) => {
    const r = await result(s, rpc('tools/call', { name: 'confirm_lookup', arguments: { name: 'Quito' } }, {}));
    assert.equal(r?.resultType, 'input_required');
    assert.equal(r?.inputRequests.confirm.method, 'elicitation/create');
  },
  'headers-method-unchecked': async (s) => {
    const { 'mcp-method': _m, ...rest } = modernHeaders(lookup);
    assert.equal((await call(s, lookup, rest)).status, 200);
    assert.equal((await call(s, lookup, { ...rest, 'mcp-method': 'tools/list' })).status, 200);
  },
  'headers-name-unchecked': async (s) => {
    const { 'mcp-name': _n, ...rest } = modernHeaders(lookup);
    assert.equal((await call(s, lookup, rest)).status, 200);
    assert.equal((await call(s, lookup, { ...rest, 'mcp-name': 'delete_city' })).body?.result.structuredContent.name, 'Lisbon');
  },
  'headers-wrong-code': async (s) => {
    const res = await call(s, lookup, { ...modernHeaders(lookup), 'mcp-name': 'list_cities' });
    assert.equal(res.status, 400);
    assert.equal(res.body?.error.code, -32600);
  },
  ...HOSTILE_PROBES,
};

const STDIO_ONLY = ['stdout-garbage'];

describe('each fault of the flawed server changes the behaviour it names (HTTP)', () => {
  it('has a probe for every fault', () => {
    // The transport and surface families keep their probes beside their checks; together they cover every fault.
    const covered = [
      ...Object.keys(PROBES),
      ...STDIO_ONLY,
      ...Object.keys(TRANSPORT_PROBES),
      ...Object.keys(CORRELATION_PROBES),
      ...TRANSPORT_STDIO_ONLY,
      ...Object.keys(SURFACE_PROBES),
    ];
    assert.deepEqual([...new Set(covered)].sort(), Object.keys(FAULTS).sort());
  });

  const withServer = async (faults: string[], probe: Probe) => {
    const canary = process.env['FLAWED_CANARY_URL'];
    process.env['FLAWED_CANARY_URL'] = 'http://127.0.0.1:1/canary-under-test.json';
    const server = await startFlawedHttp({ faults });
    try {
      await probe(server);
    } finally {
      await server.close();
      if (canary === undefined) delete process.env['FLAWED_CANARY_URL'];
      else process.env['FLAWED_CANARY_URL'] = canary;
    }
  };

  for (const [fault, probe] of Object.entries({ ...PROBES, ...CORRELATION_PROBES })) {
    it(fault, async () => {
      await withServer([fault], probe);
      // The same probe must fail on the correct server, or it would not tell the fault apart.
      await assert.rejects(withServer([], probe), assert.AssertionError, `${fault} probe passes without the fault`);
    });
  }
});
