import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { WireEntry } from '../../src/core/types.js';
import { unsolicitedLogs } from '../../src/checks/logging/support.js';
import { answersFor, inputRequiredProblems, tamper } from '../../src/checks/mrtr/support.js';

const meta = (extra: object = {}) => ({
  _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, ...extra },
});
let seq = 0;
const entry = (from: 'harness' | 'server', channel: 'http' | 'stdio', phase: string, body: object, atMs = seq * 10): WireEntry => ({
  seq: ++seq,
  atMs,
  from,
  channel,
  phase,
  body,
});
const log = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } };

describe('MRTR helpers', () => {
  it('tamper changes one middle character, keeps length and alphabet, never only the last', () => {
    for (const s of ['eyJhIjoxfQ.c2lnbmF0dXJl', 'abc', 'a', '----', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const t = tamper(s);
      assert.notEqual(t, s);
      if (/[A-Za-z0-9]/.test(s)) {
        assert.equal(t.length, s.length);
        const diff = [...s].findIndex((c, i) => c !== t[i]);
        assert.ok(s.length === 1 || diff < s.length - 1, `${s}: changed position ${diff}`);
      }
    }
  });

  it('answers form elicitation from the requested schema, roots empty, sampling canned', () => {
    const a = answersFor({
      inputRequests: {
        f: {
          method: 'elicitation/create',
          params: {
            message: 'm',
            requestedSchema: {
              type: 'object',
              properties: { ok: { type: 'boolean' }, n: { type: 'integer', minimum: 3 }, c: { type: 'string', enum: ['x', 'y'] } },
              required: ['ok', 'n', 'c'],
            },
          },
        },
        r: { method: 'roots/list' },
        s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
      },
    });
    assert.deepEqual(a?.f, { action: 'accept', content: { ok: true, n: 3, c: 'x' } });
    assert.deepEqual(a?.r, { roots: [] });
    assert.equal((a?.s as { role?: string }).role, 'assistant');
    assert.equal(answersFor({ inputRequests: { q: { method: 'tools/call', params: {} } } }), undefined);
  });

  it('names what makes an InputRequiredResult malformed', () => {
    assert.deepEqual(inputRequiredProblems({ resultType: 'input_required', requestState: 's' }), []);
    assert.match(inputRequiredProblems({ resultType: 'input_required' }).join(), /neither inputRequests nor requestState/);
    assert.match(inputRequiredProblems({ resultType: 'input_required', inputRequests: { a: { method: 'ping' } } }).join(), /not one of/);
    assert.match(inputRequiredProblems({ resultType: 'input_required', requestState: 5 }).join(), /not a string/);
  });
});

describe('unsolicitedLogs', () => {
  it('excuses logs while a logLevel request is in flight (same phase on HTTP), flags the rest', () => {
    const entries = [
      entry('harness', 'http', 'a', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: meta({ 'io.modelcontextprotocol/logLevel': 'debug' }) }),
      entry('harness', 'http', 'b', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: meta() }),
      entry('server', 'http', 'a', log), // excused: request 1 asked for logs
      entry('server', 'http', 'b', log), // flagged: request 2 did not, whatever request 1 did
      entry('server', 'http', 'a', { jsonrpc: '2.0', id: 1, result: {} }),
      entry('server', 'http', 'a', log), // flagged: nothing with logLevel is in flight any more
    ];
    const r = unsolicitedLogs(entries);
    assert.deepEqual(
      r.violations.map((e) => e.seq),
      [entries[3]!.seq, entries[5]!.seq],
    );
    assert.equal(r.inspected, 4);
  });

  it('on stdio allows a log that trails its logLevel request briefly, not one long after', () => {
    const req = entry(
      'harness',
      'stdio',
      'a',
      { jsonrpc: '2.0', id: 9, method: 'tools/call', params: meta({ 'io.modelcontextprotocol/logLevel': 'info' }) },
      0,
    );
    const res = entry('server', 'stdio', 'a', { jsonrpc: '2.0', id: 9, result: {} }, 100);
    const soon = entry('server', 'stdio', 'idle', log, 200);
    const late = entry('server', 'stdio', 'idle', log, 2000);
    assert.deepEqual(
      unsolicitedLogs([req, res, soon, late]).violations.map((e) => e.seq),
      [late.seq],
    );
  });
});
