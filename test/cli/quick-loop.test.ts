import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { exampleStdio } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';

const deskStdio = () => {
  const s = exampleStdio('support-desk/stdio');
  return ['--', s.command, ...s.args];
};
const messagesOf = (stdout: string): number => (JSON.parse(stdout) as { structuredContent: { messages: unknown[] } }).structuredContent.messages.length;

describe('quick loop: list and call through the real CLI, both transports', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
  });
  after(async () => {
    await desk.close();
  });

  it('list over HTTP: every kind, tools with their risk class', async () => {
    const r = await runCli(['list', desk.url]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^tools \(4\)/m);
    assert.match(r.stdout, /send_reply\s+external-send\s+output schema/);
    assert.match(r.stdout, /^resources \(\d+\)/m);
    assert.match(r.stdout, /desk:\/\/tickets\/\{id\}/);
    assert.match(r.stdout, /draft_reply\s+ticketId\*/);
  });

  it('list over stdio: one kind, as JSON', async () => {
    const r = await runCli(['list', 'prompts', '--json', ...deskStdio()]);
    assert.equal(r.code, 0, r.stderr);
    const prompts = JSON.parse(r.stdout) as { name: string }[];
    assert.deepEqual(
      prompts.map((p) => p.name),
      ['draft_reply'],
    );
  });

  for (const transport of ['http', 'stdio'] as const) {
    it(`call a read-only tool over ${transport}: result on stdout, validated against its outputSchema, exit 0`, async () => {
      const target = transport === 'http' ? [desk.url, 'get_ticket'] : ['get_ticket', ...deskStdio()];
      const r = await runCli(['call', '--args', '{"id":"T-1001"}', ...target]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal((JSON.parse(r.stdout) as { structuredContent: { id: string } }).structuredContent.id, 'T-1001');
      assert.match(r.stderr, /get_ticket: structuredContent matches the outputSchema/);
      assert.match(r.stderr, /modern era/);
    });
  }

  it('a tool that may write is never called without --allow-tool or --yes (exit 2), and is with them', async () => {
    const before = await runCli(['call', desk.url, 'get_ticket', '--args', '{"id":"T-1002"}']);
    const count = messagesOf(before.stdout);
    const args = ['--args', '{"ticketId":"T-1002","body":"We are on it."}'];
    const refused = await runCli(['call', desk.url, 'send_reply', ...args]);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /send_reply may write .*not called.*--allow-tool send_reply.*--yes/);
    assert.equal(refused.stdout, '');
    const allowed = await runCli(['call', desk.url, 'send_reply', ...args, '--allow-tool', 'send_*']);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.match(allowed.stderr, /matches the outputSchema/);
    const yes = await runCli(['call', desk.url, 'send_reply', ...args, '--yes']);
    assert.equal(yes.code, 0, yes.stderr);
    // Two replies, not three: the refused call never reached the server.
    assert.equal(messagesOf((await runCli(['call', desk.url, 'get_ticket', '--args', '{"id":"T-1002"}'])).stdout), count + 2);
  });
});
