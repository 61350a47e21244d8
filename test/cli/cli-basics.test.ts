import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('mcp-assay check: usage and reports', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let flawed: Awaited<ReturnType<typeof startFlawedHttp>>;
  const dir = tempDir('assay-cli-');
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
    flawed = await startFlawedHttp({ faults: ['resource-missing-legacy-code'], port: 0 });
  });
  after(async () => {
    await desk.close();
    await flawed.close();
  });

  it('an unknown flag exits 2 with usage', async () => {
    const r = await runCli(['check', '--no-such-flag', 'http://127.0.0.1:1/mcp']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown option '--no-such-flag'/);
    assert.match(r.stderr, /--help/);
  });

  it('no target exits 2 and says how to give one', async () => {
    const r = await runCli(['check'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no target/);
  });

  it('--list prints the catalogue without running anything', async () => {
    const r = await runCli(['check', '--list']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /discover\/implemented\s+MUST/);
    assert.match(r.stdout, /\d+ checks/);
  });

  it('a correct server exits 0', async () => {
    const r = await runCli(['check', desk.url]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /0 failed/);
  });

  it('a MUST failure exits 1 and writes JSON, JUnit and Markdown', async () => {
    const json = path.join(dir, 'r.json');
    const junit = path.join(dir, 'r.xml');
    const md = path.join(dir, 'r.md');
    const r = await runCli(['check', flawed.url, '--json', json, '--junit', junit, '--md', md]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /resources\/read-missing/);
    assert.match(r.stdout, /-32002/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    assert.equal(report.schemaVersion, '1.0');
    assert.equal(report.targets[0].era, 'modern');
    assert.equal(report.targets[0].results.find((x: { checkId: string }) => x.checkId === 'resources/read-missing').status, 'fail');
    assert.match(readFileSync(junit, 'utf8'), /<failure/);
    assert.ok(existsSync(md));
  });

  it('--only narrows the run and --strict turns a SHOULD miss into a failure', async () => {
    const s = await startFlawedHttp({ faults: ['tools-order-unstable'], port: 0 });
    try {
      const lax = await runCli(['check', s.url, '--only', 'tools/list-order']);
      assert.equal(lax.code, 0, lax.stdout);
      assert.match(lax.stdout, /1 warning/);
      const strict = await runCli(['check', s.url, '--only', 'tools/list-order', '--strict']);
      assert.equal(strict.code, 1, strict.stdout);
    } finally {
      await s.close();
    }
  });

  it('masks an Authorization header in every report', async () => {
    const json = path.join(dir, 'masked.json');
    const md = path.join(dir, 'masked.md');
    const r = await runCli(['check', desk.url, '-H', 'Authorization: Bearer sekrit-token-123456', '--json', json, '--md', md, '--verbose']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    for (const text of [readFileSync(json, 'utf8'), readFileSync(md, 'utf8'), r.stdout, r.stderr])
      assert.ok(!text.includes('sekrit-token-123456'), 'token leaked');
    assert.match(readFileSync(json, 'utf8'), /"authorization": "\*\*\*"/i);
  });
});
