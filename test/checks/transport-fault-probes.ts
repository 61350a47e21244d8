/**
 * One server-level probe per transport fault of the flawed server (HTTP): each passes with its fault and throws an
 * AssertionError on the correct server, so it tells the fault apart. Shaped like the probes of
 * test/servers/flawed-faults.test.ts, so that table can take them as they are.
 */
import assert from 'node:assert/strict';
import type { FlawedHttp } from '../../examples/flawed-server/http.js';
import { probeHttp } from '../../src/target/http-probe.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { meta, modernHeaders, post, rpc, type Json } from '../servers/helpers.js';

type Probe = (server: FlawedHttp) => Promise<void>;

const lookup = (args: Json) => rpc('tools/call', { name: 'lookup_city', arguments: { name: 'Lisbon', ...args } });
const b64 = (v: string) => `=?base64?${Buffer.from(v).toString('base64')}?=`;
const without = (h: Record<string, string>, name: string) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== name));
/** Status and JSON-RPC error code of a request sent with these headers. */
async function answer(s: FlawedHttp, msg: Json, headers = modernHeaders(msg)): Promise<[number, unknown]> {
  const res = await post(s.url, msg, headers);
  return [res.status, res.body?.error?.code];
}
const served = async (s: FlawedHttp, msg: Json, headers?: Record<string, string>) => assert.equal((await answer(s, msg, headers))[0], 200);
const refused = async (s: FlawedHttp, msg: Json, headers?: Record<string, string>) => assert.deepEqual(await answer(s, msg, headers), [400, -32020]);

export const TRANSPORT_PROBES: Record<string, Probe> = {
  'headers-version-optional': (s) => served(s, rpc('tools/list'), without(modernHeaders(rpc('tools/list')), 'mcp-protocol-version')),
  'headers-version-unchecked': async (s) => {
    const msg = rpc('tools/list', { _meta: meta({}, '2099-01-01') });
    assert.deepEqual(await answer(s, msg, { ...modernHeaders(msg), 'mcp-protocol-version': '2026-07-28' }), [400, -32022]);
  },
  // The shared helper spells header names in lower case, which the fault takes for missing headers.
  'headers-name-case-sensitive': (s) => refused(s, rpc('tools/list')),
  'headers-method-case-insensitive': (s) => served(s, rpc('tools/list'), { ...modernHeaders(rpc('tools/list')), 'mcp-method': 'TOOLS/LIST' }),
  'headers-whitespace-rejected': (s) => refused(s, rpc('tools/list'), { ...modernHeaders(rpc('tools/list')), 'mcp-method': '  tools/list  ' }),
  'headers-base64-undecoded': (s) => refused(s, lookup({}), { ...modernHeaders(lookup({})), 'mcp-name': b64('lookup_city') }),
  'param-missing-accepted': (s) => served(s, lookup({ country: 'Portugal' })),
  'param-mismatch-accepted': (s) => served(s, lookup({ country: 'Portugal' }), { ...modernHeaders(lookup({})), 'mcp-param-country': 'Japan' }),
  'param-invalid-accepted': (s) =>
    served(s, lookup({ country: 'Portugal' }), { ...modernHeaders(lookup({})), 'mcp-param-country': '=?base64?UG9y!!dHVnYWw=?=' }),
  'param-base64-undecoded': (s) => refused(s, lookup({ country: 'Portugal' }), { ...modernHeaders(lookup({})), 'mcp-param-country': b64('Portugal') }),
  'param-null-expected': (s) => refused(s, lookup({ country: null })),
  'param-integer-as-string': (s) => refused(s, lookup({ minPopulation: 5 }), { ...modernHeaders(lookup({})), 'mcp-param-min-population': '5.0' }),
  'x-mcp-header-invalid': async (s) => {
    const tools = (await post(s.url, rpc('tools/list'))).body?.result.tools as Json[];
    assert.ok(tools.some((t) => t.name === 'tag_city'));
  },
  'removed-methods-served': async (s) => assert.deepEqual((await post(s.url, rpc('ping'))).body?.result, { resultType: 'complete' }),
  'initialize-wrong-code': async (s) => assert.deepEqual(await answer(s, rpc('initialize')), [400, -32600]),
  // A plain 2025 initialize (no _meta, no modern headers) is refused with -32022 that names no supported versions.
  'initialize-versions-unlisted': async (s) => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
    };
    const res = await post(s.url, init, { 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
    assert.equal(res.body?.error?.code, -32022);
    assert.equal(res.body?.error?.data?.supported, undefined);
  },
  // GET would open a stream that never ends; DELETE shows the same fault.
  'http-old-verbs-served': async (s) => assert.equal((await post(s.url, '', {}, 'DELETE')).status, 200),
  'session-id-minted': async (s) => assert.ok((await post(s.url, rpc('tools/list'))).headers['mcp-session-id']),
  'session-id-enforced': async (s) =>
    assert.equal((await answer(s, rpc('tools/list'), { ...modernHeaders(rpc('tools/list')), 'mcp-session-id': 'stale' }))[0], 404),
  'notification-200': async (s) => {
    const note = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: meta() } };
    assert.equal((await post(s.url, note, modernHeaders(note))).status, 200);
  },
  'notification-202-body': async (s) => {
    const note = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: meta() } };
    const r = await post(s.url, note, modernHeaders(note));
    assert.deepEqual([r.status, r.text], [202, 'null']);
  },
  'sse-server-request': async (s) => assert.equal(JSON.parse((await post(s.url, rpc('tools/list'))).events[0] ?? '{}').method, 'roots/list'),
  'sse-stream-open': async (s) => {
    const msg = rpc('tools/list');
    const r = await probeHttp({ url: s.url }, new WireRecorder(), {
      method: 'POST',
      headers: modernHeaders(msg),
      body: JSON.stringify(msg),
      id: msg.id,
      phase: 'probe',
      timeoutMs: 5000,
      endWithinMs: 300,
    });
    assert.deepEqual([r.sse, r.final?.id, r.ended], [true, msg.id, false]);
  },
  'sse-no-accel-buffering': async (s) => {
    const res = await post(s.url, rpc('tools/list'));
    assert.deepEqual([String(res.headers['content-type']).startsWith('text/event-stream'), res.headers['x-accel-buffering']], [true, undefined]);
  },
  'error-id-missing': async (s) => {
    const body = (await post(s.url, rpc('mcp/none'))).body;
    assert.deepEqual([body?.error?.code, 'id' in (body ?? {})], [-32601, false]);
  },
  'origin-unchecked': (s) => served(s, rpc('tools/list'), { ...modernHeaders(rpc('tools/list')), origin: 'http://evil.example.com' }),
  'host-unchecked': (s) => served(s, rpc('tools/list'), { ...modernHeaders(rpc('tools/list')), host: 'evil.example.com' }),
};

/** Transport faults only a stdio server has. */
export const TRANSPORT_STDIO_ONLY = ['stdio-server-request', 'stdio-ignore-eof', 'stdio-request-before-result'];

/** The id-correlation faults (judged by wire/id-correlation, which stops the run: see test/cli/era-grading.test.ts). */
export const CORRELATION_PROBES: Record<string, Probe> = {
  'response-id-wrong': async (s) => {
    const msg = rpc('tools/list');
    const body = (await post(s.url, msg)).body;
    assert.ok(body && 'result' in body && body.id !== msg.id && body.id !== null, JSON.stringify(body?.id));
  },
  'response-id-null': async (s) => {
    const body = (await post(s.url, rpc('tools/list'))).body;
    assert.ok(body && 'result' in body && body.id === null);
  },
};
