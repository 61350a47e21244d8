import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { exampleStdio, nodeFlags } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.extname(fileURLToPath(import.meta.url));
const ops = (variant: 'good' | 'bad', many = false) => [
  '--',
  process.execPath,
  ...nodeFlags(),
  path.join(here, `../fixtures/servers/receipts/server${ext}`),
  '--variant',
  variant,
  ...(many ? ['--many'] : []),
];
const dir = tempDir('assay-receipts-');
type F = { ruleId: string; subject: string; severity: string; message: string; waived?: string };
const findingsOf = (file: string): F[] => JSON.parse(readFileSync(file, 'utf8')).targets[0].sections.find((s: { id: string }) => s.id === 'contracts').findings;
const keys = (fs: F[], prefix: RegExp) =>
  fs
    .filter((f) => prefix.test(f.ruleId))
    .map((f) => `${f.ruleId} @ ${f.subject}`)
    .sort();

describe('receipts, sizes and examples through the real CLI', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
  });
  after(() => desk.close());

  it('a server that breaks every result contract trips each receipt rule; the one that keeps them trips none', async () => {
    const bad = path.join(dir, 'bad.json');
    const r = await runCli(['contracts', '--json', bad, ...ops('bad', true)]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(keys(findingsOf(bad), /^(receipt|size)\//), [
      'receipt/admin-audit @ delete_account',
      'receipt/read-provenance @ get_usage_summary',
      'receipt/send-receipt @ send_invoice',
      'receipt/write-receipt @ update_plan',
      'size/progressive-disclosure @ server',
    ]);
    const good = path.join(dir, 'good.json');
    const g = await runCli(['contracts', '--json', good, ...ops('good')]);
    assert.equal(g.code, 0, g.stdout + g.stderr);
    assert.deepEqual(keys(findingsOf(good), /^(receipt|size)\//), []);
  });

  it('check measures every tool result it saw: a large inline result gets advice, a linked one does not', async () => {
    const bad = path.join(dir, 'check-bad.json');
    await runCli(['check', '--only', 'results', '--only', 'contracts', '--json', bad, ...ops('bad')]);
    const f = findingsOf(bad).find((x) => x.ruleId === 'size/large-result');
    assert.ok(f, 'size/large-result fired');
    assert.equal(f.subject, 'export_audit_log');
    assert.match(f.message, /a result of 2\d\.\d KB \(over 10\.0 KB\) came back inline/);
    const good = path.join(dir, 'check-good.json');
    await runCli(['check', '--only', 'results', '--only', 'contracts', '--json', good, ...ops('good')]);
    assert.deepEqual(keys(findingsOf(good), /^size\//), []);
  });

  it('the quick loop gives the same size advice for one call', async () => {
    const r = await runCli(['call', 'export_audit_log', ...ops('bad')]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /the result is \d+ bytes: return a short summary plus a resource_link/);
  });

  it('examples: safe ones are called and judged, a write tool is judged from its recorded response, never called', async () => {
    writeFileSync(
      path.join(dir, 'reply.json'),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'sent' }], structuredContent: { replyId: 'R-1', ticketId: 'T-1001', to: 'a@example.com', sentAt: 'now' } },
      }),
    );
    writeFileSync(
      path.join(dir, 'mcp-assay.config.yaml'),
      [
        'examples:',
        '  get_ticket:',
        '    - arguments: { id: T-1001 }',
        '      expect: { id: T-1001, priority: high }',
        '    - arguments: { id: T-1003 }',
        '      expect: { priority: low, status: open }',
        '  send_reply:',
        '    - arguments: { ticketId: T-1001, body: "Refund on its way." }',
        '      response: reply.json',
        '    - arguments: { ticketId: T-1001, body: "Refund on its way." }',
        '  no_such_tool:',
        '    - arguments: {}',
      ].join('\n'),
    );
    const before = (await runCli(['call', desk.url, 'get_ticket', '--args', '{"id":"T-1001"}'])).stdout;
    const json = path.join(dir, 'examples.json');
    const r = await runCli(['contracts', desk.url, '--json', json], { cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const fs = findingsOf(json).filter((f) => /^receipt\/example/.test(f.ruleId));
    const line = (f: F) => `${f.severity} ${f.ruleId} @ ${f.subject}: ${f.message}`;
    assert.deepEqual(fs.map(line).sort(), [
      'error receipt/example-failed @ get_ticket: example 2 (called): not the expected structured result: /priority: expected "low", got "normal"',
      `error receipt/example-failed @ send_reply: example 1 (recorded ${path.join(dir, 'reply.json')}): outputSchema: (root) must have required property 'deliveryStatus'; no text block carries the structuredContent as serialized JSON`,
      'info receipt/example-not-run @ no_such_tool: the server lists no tool named "no_such_tool", so its examples were not run',
      'info receipt/example-not-run @ send_reply: example 2 not run: the tool may write and is not allowed (--allow-tool), and no recorded `response` file is given',
    ]);
    const afterCall = (await runCli(['call', desk.url, 'get_ticket', '--args', '{"id":"T-1001"}'])).stdout;
    assert.equal(JSON.parse(afterCall).structuredContent.messages.length, JSON.parse(before).structuredContent.messages.length, 'send_reply was never called');
  });

  it('a config with an unknown result field or example key names file, line and key', async () => {
    const file = path.join(dir, 'bad.yaml');
    writeFileSync(file, ['contracts:', '  fields:', '    receiptID: [opRef]', ''].join('\n'));
    const r = await runCli(['contracts', '--config', file, ...ops('good')], { cwd: dir });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /bad\.yaml:3:5 contracts\.fields\.receiptID/);
    writeFileSync(file, ['examples:', '  get_ticket:', '    - argumets: {}', ''].join('\n'));
    const e = await runCli(['check', '--config', file, '--list'], { cwd: dir });
    assert.equal(e.code, 2, e.stderr);
    assert.match(e.stderr, /bad\.yaml:3:7 examples\.get_ticket\[0\]\.argumets/);
  });

  it('the support desk keeps its send contract: a retried idempotency key sends once', async () => {
    const s = exampleStdio('support-desk/stdio');
    const args = ['--args', '{"ticketId":"T-1004","body":"On it.","idempotencyKey":"k-1"}', '--yes'];
    const first = await runCli(['call', 'send_reply', ...args, '--', s.command, ...s.args]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(JSON.parse(first.stdout).structuredContent.deliveryStatus, 'sent');
    const twice = await runCli(['call', desk.url, 'send_reply', ...args]);
    const again = await runCli(['call', desk.url, 'send_reply', ...args]);
    assert.equal(JSON.parse(twice.stdout).structuredContent.deliveryStatus, 'sent');
    assert.equal(JSON.parse(again.stdout).structuredContent.deliveryStatus, 'already-sent');
    assert.equal(JSON.parse(again.stdout).structuredContent.replyId, JSON.parse(twice.stdout).structuredContent.replyId);
  });
});
