import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { completionProblems } from '../../src/checks/completion/complete.js';
import { templateVariables } from '../../src/checks/completion/support.js';
import { serverInfoProblem } from '../../src/checks/discover/server-info.js';
import { codeAllocation, codeProblem } from '../../src/checks/errors/code-allocation.js';
import { messageProblems } from '../../src/checks/prompts/get-listed.js';
import { promptProblems } from '../../src/checks/prompts/list-valid.js';
import { resourceProblems } from '../../src/checks/resources/list-valid.js';
import { contentsProblems } from '../../src/checks/resources/read-listed.js';
import { templateProblems } from '../../src/checks/resources/templates-list.js';
import { violatingArgs } from '../../src/checks/results/execution-errors.js';
import { nameProblems } from '../../src/checks/tools/name-format.js';
import { traceMeta } from '../../src/checks/trace/support.js';
import type { CheckContext, CheckFailure } from '../../src/checks/types.js';
import { WireRecorder } from '../../src/target/recorder.js';

describe('error-code allocation policy', () => {
  it('allows JSON-RPC and allocated codes, legacy -32000..-32019 and codes outside the reserved block', () => {
    for (const code of [-32700, -32600, -32601, -32602, -32603, -32020, -32021, -32022, -32000, -32019, -31999, -32769, 1, 0])
      assert.equal(codeProblem(code), undefined, String(code));
  });
  it('flags retired codes, undefined codes of the spec range and of the JSON-RPC range', () => {
    assert.match(codeProblem(-32002) ?? '', /retired/);
    assert.match(codeProblem(-32042) ?? '', /retired/);
    for (const code of [-32023, -32050, -32099]) assert.match(codeProblem(code) ?? '', /reserved for the spec/, String(code));
    for (const code of [-32100, -32650, -32768]) assert.match(codeProblem(code) ?? '', /JSON-RPC/, String(code));
  });

  it('judges every error in the wire record, leaving -32002 on resources/read to resources/read-missing', async () => {
    const recorder = new WireRecorder();
    const exchange = (phase: string, id: number, method: string, code: number, version: string | null = '2026-07-28') => {
      const params = version ? { _meta: { 'io.modelcontextprotocol/protocolVersion': version } } : {};
      recorder.record({ from: 'harness', channel: 'stdio', phase, json: { jsonrpc: '2.0', id, method, params } });
      return recorder.record({ from: 'server', channel: 'stdio', phase, json: { jsonrpc: '2.0', id, error: { code, message: 'x' } } });
    };
    exchange('resources/read-missing', 1, 'resources/read', -32002);
    const prompt = exchange('other-check', 1, 'prompts/get', -32002);
    const tool = exchange('other-check', 2, 'tools/call', -32050);
    exchange('other-check', 3, 'tools/list', -32602);
    // A 2025 session's answer (no version in _meta) follows the older rules, where -32002 was right.
    exchange('legacy/resource-not-found', 1, 'resources/read', -32002, null);
    exchange('legacy/other', 2, 'tools/call', -32042, null);
    const failures: CheckFailure[] = [];
    const notes: string[] = [];
    const t = {
      client: { recorder },
      wire: () => recorder.entries,
      fail: (f: CheckFailure) => failures.push(f),
      note: (n: string) => notes.push(n),
    } as unknown as CheckContext;
    await codeAllocation.run(t);
    assert.equal(failures.length, 1);
    assert.deepEqual(failures[0]!.evidence, [prompt, tool]);
    assert.match(failures[0]!.actual ?? '', /\(prompts\/get\): retired code -32002.*\(tools\/call\): -32050/);
    assert.match(notes.join(' '), /4 error responses to 2026-07-28 requests inspected; 1 x -32002 on resources\/read left to resources\/read-missing/);
  });
});

describe('shape rules of the surface checks', () => {
  it('tool names: length, characters, uniqueness', () => {
    assert.deepEqual(nameProblems(['lookup_city', 'a.b-C_9', 'x'.repeat(128)]), []);
    const p = nameProblems(['find city', '', 'x'.repeat(129), 'dup', 'dup', 7]);
    assert.equal(p.length, 5, p.join('\n'));
    assert.match(p.join('\n'), /"find city" has characters/);
    assert.match(p.join('\n'), /"dup" is listed 2 times/);
  });

  it('URI template variables, with operators and modifiers', () => {
    assert.deepEqual(templateVariables('files://{+path}/{name}{?q,page}{#frag}{list*}{short:3}'), ['path', 'name', 'q', 'page', 'frag', 'list', 'short']);
    assert.deepEqual(templateVariables('plain://no-variables'), []);
  });

  it('schema-breaking arguments: a typed required property gets the wrong type', () => {
    const schema = { type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer' } }, required: ['n'] };
    assert.deepEqual(violatingArgs(schema, { n: 1 }), { args: { n: 'not-a-number' }, how: 'n given "not-a-number" where the schema says integer' });
    assert.equal(violatingArgs({ type: 'object', properties: { r: { $ref: '#/$defs/x', type: 'string' } } }, {}), undefined);
    assert.equal(violatingArgs({ type: 'object', additionalProperties: false }, {}), undefined);
    assert.equal(violatingArgs({ type: 'object', properties: { c: { type: 'string', 'x-mcp-header': 'C' } } }, {}), undefined);
  });

  it('completion results: at most 100 strings, integer total, boolean hasMore', () => {
    assert.deepEqual(completionProblems({ completion: { values: ['a'], total: 1, hasMore: false } }), []);
    assert.equal(completionProblems({ completion: { values: Array(101).fill('a') } }).length, 1);
    assert.equal(completionProblems({ completion: { values: [{ value: 'a' }], total: '1', hasMore: 'no' } }).length, 3);
    assert.deepEqual(completionProblems({}), ['completion is missing or not an object']);
  });

  it('prompt messages: role user or assistant, one content block', () => {
    assert.deepEqual(messageProblems({ messages: [{ role: 'assistant', content: { type: 'text', text: 'hi' } }] }), []);
    assert.equal(messageProblems({ messages: [{ role: 'system', content: { type: 'text', text: 'x' } }, { role: 'user' }] }).length, 2);
    assert.deepEqual(messageProblems({ messages: 'x' }), ['messages is not an array']);
  });

  it('resource contents: non-empty, text or blob, the read URI among them', () => {
    assert.deepEqual(contentsProblems('a://x', { contents: [{ uri: 'a://x', text: '' }] }), []);
    assert.match(contentsProblems('a://x', { contents: [] }).join(), /empty/);
    assert.match(contentsProblems('a://x', { contents: [{ uri: 'a://y', blob: 'AA==' }] }).join(), /no item names the URI/);
    assert.match(contentsProblems('a://x', { contents: [{ uri: 'a://x' }] }).join(), /neither text nor blob/);
  });

  it('list items: resources, templates and prompts', () => {
    assert.deepEqual(resourceProblems({ uri: 'cities://index', name: 'i', size: 3 }), []);
    assert.equal(resourceProblems({ uri: 'no-scheme', size: -1 }).length, 3);
    assert.deepEqual(templateProblems({ uriTemplate: 'a://{id}', name: 't' }), []);
    assert.equal(templateProblems({ uriTemplate: 'a://{id', name: '' }).length, 2);
    assert.equal(templateProblems({ uri: 'a://{id}', name: 't' }).length, 1);
    assert.deepEqual(promptProblems({ name: 'p', arguments: [{ name: 'a', required: true }] }), []);
    assert.equal(promptProblems({ name: 'p', arguments: [{ required: 'yes' }] }).length, 2);
    assert.equal(promptProblems({ name: 'p', arguments: {} }).length, 1);
  });

  it('serverInfo: an Implementation with string name and version', () => {
    const key = 'io.modelcontextprotocol/serverInfo';
    assert.equal(serverInfoProblem({ _meta: { [key]: { name: 's', version: '1' } } }), undefined);
    assert.match(serverInfoProblem({}) ?? '', /no _meta/);
    assert.match(serverInfoProblem({ _meta: { [key]: { name: 's' } } }) ?? '', /lacks string name and version/);
  });

  it('trace context values follow the W3C formats', () => {
    const m = traceMeta('0af7651916cd43dd8448eb211c80319c');
    assert.match(m.traceparent, /^00-0af7651916cd43dd8448eb211c80319c-(?!0{16})[\da-f]{16}-01$/);
    for (const member of m.tracestate.split(','))
      assert.match(member, /^[a-z][a-z0-9_\-*/]{0,255}=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/);
    for (const member of m.baggage.split(',')) assert.match(member, /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+=[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/);
    assert.notEqual(traceMeta().traceparent.split('-')[1], traceMeta().traceparent.split('-')[1], 'a fresh trace id each time');
  });
});
