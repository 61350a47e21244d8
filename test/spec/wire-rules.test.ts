/** The rules of our wire model beyond plain shapes (DIGEST §b–§f); needs no shared spec files. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CACHEABLE_METHODS, ERROR, META, TASKS_EXTENSION } from '../../src/spec/constants.js';
import { classifyMessage, resultTypeName, validateClientMessage, validateServerMessage } from '../../src/spec/wire/index.js';

const reply = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });
const fail = (error: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, error });
const paths = (issues: { path: string }[]) => issues.map((i) => i.path);
const meta = { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: {} };
const tool = { name: 'echo', inputSchema: { type: 'object' } };
const createdTask = { taskId: 't1', status: 'working', createdAt: '2026-08-01T00:00:00Z', lastUpdatedAt: '2026-08-01T00:00:00Z', ttlMs: null };

describe('classifyMessage', () => {
  const cases: [unknown, string][] = [
    [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'request'],
    [{ jsonrpc: '2.0', id: null, method: 'tools/list' }, 'request'],
    [{ jsonrpc: '2.0', method: 'notifications/progress' }, 'notification'],
    [{ jsonrpc: '2.0', id: 1, result: {} }, 'result'],
    [{ jsonrpc: '2.0', error: { code: -32700, message: 'x' } }, 'error'],
    [{ jsonrpc: '2.0', id: 1, result: {}, error: {} }, 'invalid'],
    [{ jsonrpc: '2.0', method: 7 }, 'invalid'],
    [[{ jsonrpc: '2.0', method: 'a' }], 'invalid'],
    ['text', 'invalid'],
    [null, 'invalid'],
  ];
  for (const [msg, kind] of cases) test(`${JSON.stringify(msg)} is ${kind}`, () => assert.equal(classifyMessage(msg), kind));
});

describe('resultTypeName', () => {
  test('maps methods to result types and nothing else', () => {
    assert.equal(resultTypeName('tools/list'), 'ListToolsResult');
    assert.equal(resultTypeName('server/discover'), 'DiscoverResult');
    assert.equal(resultTypeName('resources/templates/list'), 'ListResourceTemplatesResult');
    assert.equal(resultTypeName('ping'), undefined);
    assert.equal(resultTypeName('constructor'), undefined);
  });
});

describe('results', () => {
  test('cacheable methods need integer ttlMs >= 0 and a cacheScope (DIGEST §d)', () => {
    for (const method of CACHEABLE_METHODS) {
      const issues = validateServerMessage(reply({ resultType: 'complete' }), { requestMethod: method });
      assert.ok(paths(issues).includes('/result/ttlMs'), `${method}: ttlMs`);
      assert.ok(paths(issues).includes('/result/cacheScope'), `${method}: cacheScope`);
    }
    const list = { resultType: 'complete', tools: [tool], cacheScope: 'public' };
    assert.deepEqual(validateServerMessage(reply({ ...list, ttlMs: 0 }), { requestMethod: 'tools/list' }), []);
    for (const bad of [-1, 2.5, '10']) {
      assert.deepEqual(paths(validateServerMessage(reply({ ...list, ttlMs: bad }), { requestMethod: 'tools/list' })), ['/result/ttlMs']);
    }
    const scope = validateServerMessage(reply({ ...list, ttlMs: 5, cacheScope: 'shared' }), { requestMethod: 'tools/list' });
    assert.deepEqual(paths(scope), ['/result/cacheScope']);
  });

  test('non-cacheable methods do not need cache hints', () => {
    assert.deepEqual(validateServerMessage(reply({ resultType: 'complete', content: [] }), { requestMethod: 'tools/call' }), []);
    assert.deepEqual(validateServerMessage(reply({ resultType: 'complete', completion: { values: [] } }), { requestMethod: 'completion/complete' }), []);
  });

  test('a missing resultType is reported, an unknown one too', () => {
    assert.deepEqual(paths(validateServerMessage(reply({ content: [] }), { requestMethod: 'tools/call' })), ['/result/resultType']);
    assert.deepEqual(paths(validateServerMessage(reply({}), {})), ['/result/resultType']);
    const unknown = validateServerMessage(reply({ resultType: 'partial', content: [] }), { requestMethod: 'tools/call' });
    assert.equal(unknown.length, 1);
    assert.match(unknown[0]?.message ?? '', /unknown resultType 'partial'/);
  });

  test('results of unknown methods are checked as a generic Result', () => {
    assert.deepEqual(validateServerMessage(reply({ resultType: 'complete', anything: [1] }), { requestMethod: 'vendor/x' }), []);
    assert.deepEqual(paths(validateServerMessage(reply({ resultType: 'complete', _meta: 'x' }))), ['/result/_meta']);
  });

  test('input_required only for tools/call, prompts/get, resources/read, with inputRequests or requestState (DIGEST §e)', () => {
    const asking = { resultType: 'input_required', requestState: 'opaque' };
    for (const method of ['tools/call', 'prompts/get', 'resources/read']) {
      assert.deepEqual(validateServerMessage(reply(asking), { requestMethod: method }), [], method);
    }
    assert.deepEqual(paths(validateServerMessage(reply(asking), { requestMethod: 'tools/list' })), ['/result/resultType']);
    assert.deepEqual(paths(validateServerMessage(reply({ resultType: 'input_required' }), { requestMethod: 'tools/call' })), ['/result']);
    const badRequest = { resultType: 'input_required', inputRequests: { a: { method: 'ping' } } };
    assert.deepEqual(paths(validateServerMessage(reply(badRequest), { requestMethod: 'tools/call' })), ['/result/inputRequests/a/method']);
  });

  test('task results need the Tasks extension on the request and only answer tools/call (DIGEST §f)', () => {
    const task = { resultType: 'task', ...createdTask };
    assert.equal(validateServerMessage(reply(task), { requestMethod: 'tools/call' }).length, 1);
    assert.deepEqual(validateServerMessage(reply(task), { requestMethod: 'tools/call', extensions: [TASKS_EXTENSION] }), []);
    const other = validateServerMessage(reply(task), { requestMethod: 'prompts/get', extensions: [TASKS_EXTENSION] });
    assert.deepEqual(paths(other), ['/result/resultType']);
    const partial = validateServerMessage(reply({ resultType: 'task', taskId: 't1' }), { requestMethod: 'tools/call', extensions: [TASKS_EXTENSION] });
    assert.deepEqual(paths(partial).sort(), ['/result/createdAt', '/result/lastUpdatedAt', '/result/status', '/result/ttlMs']);
  });

  test('issue paths are JSON Pointers with escaped member names', () => {
    const result = {
      resultType: 'complete',
      supportedVersions: [],
      capabilities: {},
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { [META.serverInfo]: { name: 's' } },
    };
    const issues = validateServerMessage(reply(result), { requestMethod: 'server/discover' });
    assert.deepEqual(paths(issues), ['/result/_meta/io.modelcontextprotocol~1serverInfo/version']);
  });
});

describe('errors', () => {
  test('code must be an integer and message a string; id null only on an error (an unreadable request id)', () => {
    assert.deepEqual(validateServerMessage(fail({ code: ERROR.invalidParams, message: 'Unknown tool' })), []);
    assert.deepEqual(paths(validateServerMessage(fail({ code: 1.5, message: 3 }))).sort(), ['/error/code', '/error/message']);
    // JSON-RPC 2.0: a request whose id could not be read is answered with id null; whether it was readable is judged
    // by whoever sent it (http-transport/error-carries-id, id correlation), not by the shape.
    assert.deepEqual(validateServerMessage(fail({ code: ERROR.parse, message: 'x' }, null)), []);
    assert.deepEqual(paths(validateServerMessage(fail({ code: 1.5, message: 'x' }, null))), ['/error/code']);
    assert.deepEqual(paths(validateServerMessage({ jsonrpc: '2.0', id: null, result: { resultType: 'complete' } })), ['/id']);
    assert.deepEqual(validateServerMessage({ jsonrpc: '2.0', error: { code: ERROR.parse, message: 'x' } }), []);
  });

  test('-32021 and -32022 carry their data shapes (DIGEST §c)', () => {
    const missing = validateServerMessage(fail({ code: ERROR.missingClientCapability, message: 'x' }));
    assert.deepEqual(paths(missing), ['/error/data']);
    const array = validateServerMessage(fail({ code: ERROR.missingClientCapability, message: 'x', data: { requiredCapabilities: ['sampling'] } }));
    assert.deepEqual(paths(array), ['/error/data/requiredCapabilities']);
    const good = { code: ERROR.unsupportedVersion, message: 'x', data: { supported: ['2026-07-28'], requested: '2099-01-01' } };
    assert.deepEqual(validateServerMessage(fail(good)), []);
    assert.deepEqual(paths(validateServerMessage(fail({ ...good, data: { supported: '2026-07-28' } }))).sort(), [
      '/error/data/requested',
      '/error/data/supported',
    ]);
  });

  test('retired and unallocated reserved codes are reported', () => {
    for (const code of [ERROR.legacyResourceNotFound, ERROR.legacyUrlElicitation, -32023, -32099]) {
      assert.deepEqual(paths(validateServerMessage(fail({ code, message: 'x' }))), ['/error/code'], String(code));
    }
    for (const code of [ERROR.headerMismatch, -32000, -32100, 1]) assert.deepEqual(validateServerMessage(fail({ code, message: 'x' })), [], String(code));
  });
});

describe('notifications and requests from the server', () => {
  test('listen-stream notifications must carry the subscription id (DIGEST §b)', () => {
    const withId = { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [META.subscriptionId]: 'l1' } } };
    assert.deepEqual(validateServerMessage(withId), []);
    const without = validateServerMessage({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    assert.deepEqual(paths(without), ['/params/_meta/io.modelcontextprotocol~1subscriptionId']);
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 0.5 } };
    assert.deepEqual(validateServerMessage(progress), []);
  });

  test('a server request is reported, and unknown notifications get the generic shape', () => {
    const request = validateServerMessage({ jsonrpc: '2.0', id: 3, method: 'roots/list' });
    assert.equal(request.length, 1);
    assert.match(request[0]?.message ?? '', /must not send JSON-RPC requests/);
    assert.deepEqual(validateServerMessage({ jsonrpc: '2.0', method: 'vendor/ping', params: {} }), []);
    assert.deepEqual(paths(validateServerMessage({ jsonrpc: '1.0', method: 'vendor/ping' })), ['/jsonrpc']);
  });

  test('non-messages are reported at the root', () => {
    for (const msg of [[], 'x', { jsonrpc: '2.0' }, { jsonrpc: '2.0', id: 1, result: {}, error: {} }]) {
      assert.deepEqual(paths(validateServerMessage(msg)), [''], JSON.stringify(msg));
    }
  });
});

describe('validateClientMessage', () => {
  const call = { jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { _meta: meta, name: 'echo', arguments: {} } };
  test('accepts a well-formed request and reports a null id', () => {
    assert.deepEqual(validateClientMessage(call), []);
    assert.deepEqual(paths(validateClientMessage({ ...call, id: null })), ['/id']);
  });
  test('requires per-request _meta with version and capabilities (DIGEST §b)', () => {
    const bare = validateClientMessage({ ...call, params: { name: 'echo', _meta: { [META.protocolVersion]: '2026-07-28' } } });
    assert.deepEqual(paths(bare), ['/params/_meta/io.modelcontextprotocol~1clientCapabilities']);
  });
  test('a known request sent without id and a client response are reported', () => {
    const { id: _drop, ...noId } = call;
    assert.deepEqual(paths(validateClientMessage(noId)), ['/id']);
    assert.deepEqual(paths(validateClientMessage({ jsonrpc: '2.0', id: 1, result: {} })), ['']);
  });
});
