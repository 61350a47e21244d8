/** Past its entry cap the recorder counts what the server sends unasked, and still keeps requests and answers. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Masker } from '../../src/core/mask.js';
import { WireRecorder } from '../../src/target/recorder.js';

test('a flood of notifications past the entry cap is counted, not kept; requests, answers, relabels and shares still work', () => {
  const rec = new WireRecorder(new Masker(), { maxBytes: 1024 * 1024, maxEntryBytes: 1024, maxEntries: 5 });
  const note = (i: number) =>
    rec.record({ from: 'server', channel: 'stdio', phase: 'p', json: { jsonrpc: '2.0', method: 'notifications/message', params: { i } } });
  for (let i = 0; i < 5; i++) note(i);
  const req = rec.record({ from: 'harness', channel: 'stdio', phase: 'p', json: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  const flood = Array.from({ length: 1000 }, (_, i) => note(i));
  const stray = rec.record({ from: 'server', channel: 'stdio', phase: 'p', text: 'not json' });
  const res = rec.record({ from: 'server', channel: 'stdio', phase: 'p', json: { jsonrpc: '2.0', id: 1, result: { tools: [] } } });
  assert.deepEqual([req, flood[0], stray, res], [6, 7, 1007, 1008], 'every message is numbered');
  assert.deepEqual(
    rec.entries.map((e) => e.seq),
    [1, 2, 3, 4, 5, 6, 1008],
  );
  assert.equal(rec.dropped, 1001);
  rec.relabel([res], 'shared');
  rec.share([res, flood[3]!], 'other');
  const kept = rec.entries.at(-1)!;
  assert.equal(kept.phase, 'shared');
  assert.deepEqual(kept.sharedWith, ['other']);
});
