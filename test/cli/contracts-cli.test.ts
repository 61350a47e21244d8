import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { buildCatalogue, parseCatalogue, serializeCatalogue } from '../../src/contracts/index.js';
import { exampleStdio } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('assay-contracts-');
const file = (name: string) => path.join(dir, name);

describe('contracts, snapshot and diff from the command line', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let flawed: Awaited<ReturnType<typeof startFlawedHttp>>;
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
    flawed = await startFlawedHttp({ faults: [], port: 0 });
  });
  after(async () => {
    await desk.close();
    await flawed.close();
  });

  it('snapshot is byte-identical across runs and transports', async () => {
    const a = await runCli(['snapshot', desk.url, '-o', file('a.json')]);
    const b = await runCli(['snapshot', desk.url, '-o', file('b.json')]);
    const stdio = exampleStdio('support-desk/stdio');
    const c = await runCli(['snapshot', '--', stdio.command, ...stdio.args]);
    assert.deepEqual([a.code, b.code, c.code], [0, 0, 0], a.stderr + c.stderr);
    const text = readFileSync(file('a.json'), 'utf8');
    assert.equal(readFileSync(file('b.json'), 'utf8'), text);
    assert.equal(c.stdout, text);
    const cat = parseCatalogue(text, 'a.json');
    assert.deepEqual(
      cat.tools.map((t) => t.name),
      ['find_customer', 'get_ticket', 'search_tickets', 'send_reply'],
    );
    assert.ok(!/\d{4}-\d{2}-\d{2}T/.test(text), 'no timestamps inside');
  });

  it('snapshot of an unreachable server exits 3', async () => {
    const r = await runCli(['snapshot', 'http://127.0.0.1:1/mcp', '--timeout', '1500']);
    assert.equal(r.code, 3);
    assert.match(r.stderr, /ECONNREFUSED|connect/);
  });

  it('contracts: a clean catalogue exits 0, an error-level rule exits 1', async () => {
    const clean = await runCli(['contracts', file('a.json')]);
    assert.equal(clean.code, 0, clean.stdout);
    assert.match(clean.stdout, /send_reply: external-send/);
    const bad = await runCli(['contracts', flawed.url, '--json', file('flawed-contracts.json')]);
    assert.equal(bad.code, 1, bad.stdout);
    assert.match(bad.stdout, /risk\/write-without-output-schema\s+delete_city/);
    const report = JSON.parse(readFileSync(file('flawed-contracts.json'), 'utf8'));
    assert.equal(report.targets[0].results.length, 0, 'contracts runs no conformance check');
    assert.ok(report.targets[0].sections[0].findings.some((f: { ruleId: string; severity: string }) => f.severity === 'error'));
  });

  it('diff: breaking changes exit 1 unless allowed; a live side works; PR-comment Markdown is written', async () => {
    const old = parseCatalogue(readFileSync(file('a.json'), 'utf8'), 'a.json');
    const tools = old.tools
      .filter((t) => t.name !== 'get_ticket')
      .map((t) => (t.name === 'send_reply' ? { ...t, description: `${t.description ?? ''} Now also CCs the team.` } : t));
    writeFileSync(
      file('new.json'),
      serializeCatalogue(
        buildCatalogue({ tools, prompts: old.prompts, resources: old.resources, resourceTemplates: old.resourceTemplates, server: old.server }),
      ),
    );
    const r = await runCli(['diff', file('a.json'), file('new.json'), '--md', file('diff.md')]);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stdout, /breaking \(1\)/);
    assert.match(r.stdout, /get_ticket/);
    const md = readFileSync(file('diff.md'), 'utf8');
    assert.match(md, /#### Breaking \(1\)/);
    assert.match(md, /description/);
    const allowed = await runCli(['diff', file('a.json'), file('new.json'), '--allow', 'get_ticket', '--reason', 'replaced by search']);
    assert.equal(allowed.code, 0, allowed.stdout);
    assert.match(allowed.stdout, /replaced by search/);
    const live = await runCli(['diff', file('a.json'), desk.url]);
    assert.equal(live.code, 0, live.stdout);
    assert.match(live.stdout, /no contract changes/);
  });

  it('--from picks a server out of an MCP client config', async () => {
    const stdio = exampleStdio('flawed-server/stdio', ['--faults', 'none']);
    writeFileSync(file('mcp.json'), JSON.stringify({ mcpServers: { flawed: { command: stdio.command, args: stdio.args }, desk: { url: desk.url } } }));
    const r = await runCli(['check', '--from', `${file('mcp.json')}#flawed`, '--only', 'discover/', '--no-contracts']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /flawed-server/);
    const ambiguous = await runCli(['check', '--from', file('mcp.json')]);
    assert.equal(ambiguous.code, 2);
    assert.match(ambiguous.stderr, /holds 2 servers \(flawed, desk\)/);
  });
});
