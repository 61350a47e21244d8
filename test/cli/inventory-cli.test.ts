import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { exampleStdio, nodeFlags } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.extname(fileURLToPath(import.meta.url));
const dir = tempDir('assay-inventory-');
const file = (n: string) => path.join(dir, n);

type Row = {
  server: string;
  tool: string;
  riskClass: string;
  receiptRequired: boolean;
  receiptPresent: boolean;
  owner: string;
  approval: string;
  policy: Record<string, string>;
};

describe('inventory and policy through the real CLI, on a client config with several servers', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  const flawed = exampleStdio('flawed-server/stdio');
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
    const ops = { command: process.execPath, args: [...nodeFlags(), path.join(here, `../fixtures/servers/receipts/server${ext}`), '--variant', 'bad'] };
    writeFileSync(
      file('clients.json'),
      JSON.stringify({ mcpServers: { desk: { url: desk.url }, flawed: { command: flawed.command, args: flawed.args }, ops } }),
    );
  });
  after(() => desk.close());

  it('writes every tool of every server as YAML, CSV and JSON', async () => {
    const y = await runCli(['inventory', '--from', file('clients.json'), '-o', file('inv.yaml')]);
    assert.equal(y.code, 0, y.stderr);
    assert.match(y.stderr, /inventory: 13 tools on 3 server\(s\)/);
    const rows = (parse(readFileSync(file('inv.yaml'), 'utf8')) as { tools: Row[] }).tools;
    const row = (s: string, t: string) => rows.find((r) => r.server === s && r.tool === t)!;
    assert.deepEqual([...new Set(rows.map((r) => r.server))], ['desk', 'flawed', 'ops']);
    assert.equal(row('desk', 'send_reply').riskClass, 'external-send');
    assert.equal(row('desk', 'send_reply').receiptPresent, true);
    assert.equal(row('ops', 'update_plan').receiptRequired, true);
    assert.equal(row('ops', 'update_plan').receiptPresent, false);
    assert.equal(row('ops', 'delete_account').riskClass, 'admin');
    const csv = await runCli(['inventory', '--from', file('clients.json'), '--format', 'csv']);
    assert.equal(csv.code, 0, csv.stderr);
    const lines = csv.stdout.trim().split('\n');
    assert.equal(
      lines[0],
      'server,tool,risk_class,risk_reason,tier,scope,approval_required,approval,output_schema_required,output_schema_present,receipt_required,receipt_present,owner',
    );
    assert.equal(lines.length, 14);
    assert.match(csv.stdout, /^flawed,delete_city,write,"name verb `delete` writes; [^"]*",R4,closed-world,false,,true,false,true,false,$/m);
    const json = await runCli(['inventory', '--from', `${file('clients.json')}#desk`, '--format', 'json']);
    assert.equal(JSON.parse(json.stdout).tools.length, 4);
  });

  it('a policy every tool meets exits 0 and fills owner, approval and policy labels', async () => {
    writeFileSync(
      file('ok.yaml'),
      [
        'defaults:',
        '  allow: [read-only, write, external-send, admin]',
        '  owner: platform',
        'servers:',
        '  desk:',
        '    receipts: [external-send]',
        '    approval: [external-send]',
        '    tools:',
        '      get_ticket: read-only',
        '      search_tickets: read-only',
        '      find_customer: { class: read-only, labels: { data: pii } }',
        '      send_reply: { class: external-send, owner: support-leads, approval: CAB-12 }',
      ].join('\n'),
    );
    const r = await runCli(['inventory', '--from', `${file('clients.json')}#desk`, '--policy', file('ok.yaml'), '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /every tool complies/);
    const rows = JSON.parse(r.stdout).tools as Row[];
    const send = rows.find((x) => x.tool === 'send_reply')!;
    assert.deepEqual([send.owner, send.approval], ['support-leads', 'CAB-12']);
    assert.equal(rows.find((x) => x.tool === 'get_ticket')!.owner, 'platform');
    assert.deepEqual(rows.find((x) => x.tool === 'find_customer')!.policy, { data: 'pii' });
  });

  it('violations exit 1 naming rule, server and tool: new, escalated, not allowed, no approval, no receipt', async () => {
    writeFileSync(
      file('strict.yaml'),
      [
        'defaults:',
        '  allow: [read-only, write]',
        '  approval: [admin]',
        '  receipts: [write, external-send, admin]',
        'servers:',
        '  desk:',
        '    allow: [read-only, write, external-send]',
        '    tools:',
        '      get_ticket: read-only',
        '      search_tickets: read-only',
        '      send_reply: { class: write, approval: CAB-12 }',
        '  ops:',
        '    allow: [read-only, write, external-send, admin]',
      ].join('\n'),
    );
    const r = await runCli(['inventory', '--from', file('clients.json'), '--policy', file('strict.yaml'), '-o', file('strict.csv')]);
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('✖'))
      .sort();
    assert.deepEqual(lines, [
      '✖ policy/approval-missing ops/delete_account: admin tools need an approval: record one in the policy (tools.delete_account.approval) or take an approval id',
      '✖ policy/receipt-missing flawed/delete_city: write tools must return a receipt; the tool declares no outputSchema',
      '✖ policy/receipt-missing ops/delete_account: admin tools must return a receipt; the outputSchema lacks its fields (see the receipt/* findings)',
      '✖ policy/receipt-missing ops/send_invoice: external-send tools must return a receipt; the outputSchema lacks its fields (see the receipt/* findings)',
      '✖ policy/receipt-missing ops/update_plan: write tools must return a receipt; the outputSchema lacks its fields (see the receipt/* findings)',
      '✖ policy/tool-escalated desk/send_reply: approved as write, now external-send (name verb `send` delivers to someone outside; annotations: readOnlyHint false, destructiveHint false)',
      '✖ policy/tool-not-covered desk/find_customer: a new read-only tool: the policy for server desk does not list it',
    ]);
    assert.match(readFileSync(file('strict.csv'), 'utf8'), /^server,tool,/);
  });

  it('a policy file is validated strictly: file, line, column and key', async () => {
    writeFileSync(file('bad.yaml'), ['servers:', '  desk:', '    alow: [read-only]'].join('\n'));
    const r = await runCli(['inventory', desk.url, '--policy', file('bad.yaml')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /bad\.yaml:3:5 servers\.desk\.alow: unknown key \(hint: did you mean `allow`\?\)/);
    writeFileSync(file('bad2.yaml'), ['servers:', '  desk:', '    tools:', '      get_ticket: readonly'].join('\n'));
    const t = await runCli(['inventory', desk.url, '--policy', file('bad2.yaml')]);
    assert.equal(t.code, 2);
    assert.match(t.stderr, /bad2\.yaml:4:19 servers\.desk\.tools\.get_ticket: expected a risk class/);
  });

  it('an unreachable server is left out with a reason, exit 3', async () => {
    writeFileSync(file('down.json'), JSON.stringify({ mcpServers: { desk: { url: desk.url }, gone: { url: 'http://127.0.0.1:1/mcp' } } }));
    const r = await runCli(['inventory', '--from', file('down.json'), '--format', 'csv', '--timeout', '2000']);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /ECONNREFUSED.*left out of the inventory/);
    assert.equal(r.stdout.trim().split('\n').length, 5);
  });
});
