import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { exampleStdio, REPO } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';

const deskStdio = () => {
  const s = exampleStdio('support-desk/stdio');
  return ['--', s.command, ...s.args];
};
const flawedStdio = (faults: string) => {
  const s = exampleStdio('flawed-server/stdio', ['--faults', faults]);
  return ['--', s.command, ...s.args];
};

describe('quick loop: broken servers, read, prompt, usage errors, masking, the 2025 era', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let flawed: Awaited<ReturnType<typeof startFlawedHttp>>;
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
    flawed = await startFlawedHttp({ faults: ['structured-content-invalid', 'text-mirror-missing'], port: 0 });
  });
  after(async () => {
    await desk.close();
    await flawed.close();
  });

  it('a result that breaks its outputSchema exits 1 over HTTP, and a missing text mirror is a warning', async () => {
    const bad = await runCli(['call', flawed.url, 'list_cities']);
    assert.equal(bad.code, 1, bad.stderr);
    assert.match(bad.stderr, /list_cities: the result does not match its outputSchema:\n\s+\/cities must be array/);
    const ok = await runCli(['call', flawed.url, 'lookup_city', '--args', '{"name":"Lisbon"}']);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stderr, /no text block carries the structuredContent as serialized JSON/);
  });

  it('a tool error (isError) exits 1 over stdio, and a broken schema result too', async () => {
    const err = await runCli(['call', 'lookup_city', '--args', '{"name":"Atlantis"}', ...flawedStdio('structured-content-invalid')]);
    assert.equal(err.code, 1, err.stderr);
    assert.match(err.stderr, /lookup_city reported a tool error \(isError: true\)/);
    const bad = await runCli(['call', 'list_cities', ...flawedStdio('structured-content-invalid')]);
    assert.equal(bad.code, 1, bad.stderr);
    assert.match(bad.stderr, /\/cities must be array/);
  });

  it('read and prompt over stdio; -v shows the wire', async () => {
    const read = await runCli(['read', 'desk://policies/refunds', ...deskStdio()]);
    assert.equal(read.code, 0, read.stderr);
    assert.match((JSON.parse(read.stdout) as { contents: { text: string }[] }).contents[0]!.text, /Refund policy/);
    const prompt = await runCli(['prompt', 'draft_reply', '--args', '{"ticketId":"T-1001"}', '-v', ...deskStdio()]);
    assert.equal(prompt.code, 0, prompt.stderr);
    assert.match(prompt.stdout, /"role": "user"/);
    assert.match(prompt.stderr, /harness → stdio\n\s+\{\n\s+"jsonrpc": "2.0",\n\s+"id": \d+,\n\s+"method": "prompts\/get"/);
    assert.match(prompt.stderr, /server ← stdio/);
  });

  it('a JSON-RPC error exits 1 (unknown resource, unknown prompt argument type is refused before sending)', async () => {
    const r = await runCli(['read', desk.url, 'desk://nope']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /resources\/read desk:\/\/nope: HTTP \d+, error -32602/);
    const p = await runCli(['prompt', desk.url, 'draft_reply', '--args', '{"ticketId": 5}']);
    assert.equal(p.code, 2);
    assert.match(p.stderr, /prompt arguments are strings; not a string: ticketId/);
  });

  it('usage mistakes exit 2, an unreachable server exits 3', async () => {
    const unknown = await runCli(['call', desk.url, 'no_such_tool']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no tool named "no_such_tool" on this server \(it lists: find_customer, get_ticket, search_tickets, send_reply\)/);
    const badJson = await runCli(['call', desk.url, 'get_ticket', '--args', '{id:']);
    assert.equal(badJson.code, 2);
    assert.match(badJson.stderr, /--args is not JSON/);
    const kind = await runCli(['list', desk.url, 'widgets']);
    assert.equal(kind.code, 2);
    assert.match(kind.stderr, /expected one of tools, resources, templates, prompts/);
    const down = await runCli(['call', 'http://127.0.0.1:1/mcp', 'get_ticket']);
    assert.equal(down.code, 3);
    assert.match(down.stderr, /ECONNREFUSED/);
  });

  it('a header secret never reaches the wire shown on -v', async () => {
    const r = await runCli(['call', desk.url, 'get_ticket', '--args', '{"id":"T-1001"}', '-v', '-H', 'Authorization: Bearer quick-loop-secret-93f1']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /tools\/call/);
    assert.doesNotMatch(r.stderr + r.stdout, /quick-loop-secret-93f1/);
  });

  it('a 2025-era server (server-everything over stdio) is called in a 2025 session', async () => {
    const r = await runCli(['call', 'echo', '--args', '{"message":"hello"}', '--', 'npx', '--no-install', 'mcp-server-everything'], {
      cwd: REPO,
      deadlineMs: 120_000,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Echo: hello/);
    assert.match(r.stderr, /legacy era/);
  });
});
