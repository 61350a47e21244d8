/** The report's last masking pass copies only the parts that hold a secret, and writes the same text as masking it all. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Masker } from '../../src/core/mask.js';
import { summarize } from '../../src/core/summary.js';
import type { CheckResult, TargetReport } from '../../src/core/types.js';
import { maskReport } from '../../src/engine/mask-report.js';
import { WireRecorder } from '../../src/target/recorder.js';

const result = (checkId: string, message: string): CheckResult => ({
  checkId,
  title: checkId,
  area: 'tools',
  level: 'MUST',
  status: 'fail',
  spec: { revision: { since: '2026-07-28' }, section: 'server/tools', quote: 'q' },
  transports: ['http'],
  message,
  durationMs: 1,
});

function report(): TargetReport {
  const results = [result('a/clean', 'nothing secret here'), result('b/leaky', 'echoed s3cr3t-value and Bearer abcdefghij'), result('c/clean', 'also fine')];
  return {
    target: { kind: 'http', display: 'http://127.0.0.1:1/mcp' },
    era: 'modern',
    eraReason: 'server/discover answered',
    outcome: 'completed',
    results,
    summary: summarize(results),
    sections: [
      { id: 'contracts', title: 'Tool contracts', findings: [{ ruleId: 'lint/x', severity: 'warning', subject: 's3cr3t-value', message: 'key' }] },
      { id: 'advice', title: 'Advice', findings: [{ ruleId: 'lint/y', severity: 'info', subject: 'tool', message: 'fine' }] },
    ],
    wire: [
      { seq: 1, atMs: 0, from: 'harness', channel: 'http', phase: 'probe', body: { k: 'plain' } },
      { seq: 2, atMs: 1, from: 'server', channel: 'http', phase: 'probe', body: { 's3cr3t-value': 1, '***': 2 } },
    ],
    wireDropped: 0,
    durationMs: 5,
    stderr: 'log line with s3cr3t-value',
  };
}

test('masked parts match a mask of the whole report; clean parts are not copied', () => {
  const masker = new Masker(['s3cr3t-value']);
  const r = report();
  const out = maskReport(masker, r);
  assert.deepEqual(out, masker.json(report()));
  assert.equal(JSON.stringify(out).includes('s3cr3t-value'), false);
  assert.equal(JSON.stringify(out).includes('abcdefghij'), false);
  assert.equal(out.results[0], r.results[0], 'a clean result is kept as it is');
  assert.notEqual(out.results[1], r.results[1], 'the leaky result is a masked copy');
  assert.equal(out.sections?.[1], r.sections?.[1]);
  assert.equal(out.wire[0], r.wire[0]);
  assert.equal(out.stderr, 'log line with ***');
  assert.equal(r.results[1]?.message, 'echoed s3cr3t-value and Bearer abcdefghij', 'the original is left alone');
});

test('a report with nothing to mask comes back with every part as it was', () => {
  const masker = new Masker(['not-in-it']);
  const r = report();
  const out = maskReport(masker, { ...r, results: [r.results[0]!], sections: [r.sections![1]!], wire: [r.wire[0]!], stderr: 'quiet' });
  assert.equal(out.results[0], r.results[0]);
  assert.equal(out.wire[0], r.wire[0]);
});

test('wire entries the recorder masked with every secret known are judged by their labels, keys and names only', () => {
  const masker = new Masker(['s3cr3t-value']);
  const recorder = new WireRecorder(masker);
  const body = { jsonrpc: '2.0', id: 1, result: { text: 'echoed s3cr3t-value', 'Bearer abcdefghij': 1 } };
  recorder.record({ from: 'server', channel: 'http', phase: 'probe', http: { status: 200, headers: { 'x-note': 's3cr3t-value' } }, json: body });
  recorder.record({ from: 'harness', channel: 'http', phase: 'tools/s3cr3t-value-probe', http: { method: 'POST', url: 'http://h/?k=s3cr3t-value' } });
  recorder.record({ from: 'harness', channel: 'http', phase: 'shared', http: { method: 'POST', headers: { 'x-s3cr3t-value': 'v' } } });
  // Learnt after the first three were recorded: those are masked again in full.
  const late = new WireRecorder(masker);
  late.record({ from: 'server', channel: 'http', phase: 'p', json: { leak: 'late-secret-42' } });
  masker.add('late-secret-42');
  recorder.record({ from: 'server', channel: 'http', phase: 'p', json: { text: 'fine' } });
  const r = { ...report(), wire: [...recorder.entries, ...late.entries] };
  const out = maskReport(masker, r, (e) => recorder.maskedAsNow(e));
  assert.deepEqual(out.wire, masker.json(r.wire), 'the same text as masking every entry in full');
  assert.equal(JSON.stringify(out.wire).includes('s3cr3t-value'), false);
  assert.equal(JSON.stringify(out.wire).includes('late-secret-42'), false);
  assert.equal(out.wire[3], r.wire[3], 'an entry masked with every secret, with clean labels, is kept as it is');
  assert.equal(recorder.maskedAsNow(r.wire[0]!), false, 'a secret learnt since: masked again in full');
  assert.equal(recorder.maskedAsNow(r.wire[3]!), true);
  assert.equal(late.maskedAsNow(r.wire[3]!), false, 'another recorder never vouches for it');
});
