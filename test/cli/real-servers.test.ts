import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { byStatus, exampleStdio, explain, REPO, run } from '../support/fixtures.js';
import { processesWithEnv, runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('assay-real-');

describe('real servers', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
  });
  after(() => desk.close());

  // Zero false failures: the correct example passes everything, also under --strict, on both transports.
  for (const transport of ['http', 'stdio'] as const) {
    it(`the support-desk example passes every check over ${transport}, with --strict`, async () => {
      const r = await run(transport === 'http' ? { kind: 'http', url: desk.url } : exampleStdio('support-desk/stdio'), { strict: true });
      assert.equal(r.era, 'modern');
      assert.deepEqual(byStatus(r, 'fail', 'warn', 'error', 'inconclusive'), [], explain(r));
      assert.ok(byStatus(r, 'pass').length >= 16, explain(r));
      assert.equal(r.server?.name, 'support-desk');
    });
  }

  it('server-everything (2025 era, stdio via npx): graded by 2025-11-25 (exit 0), 2026-07-28 gaps under Migration, nothing left running', async () => {
    const json = path.join(dir, 'everything.json');
    // A marker in the server's environment finds this run's processes only (other tests may run the same server).
    const marker = `everything-${process.pid}-${Date.now()}`;
    const r = await runCli(['check', '--json', json, '--env', `ASSAY_TEST_MARKER=${marker}`, '--', 'npx', '--no-install', 'mcp-server-everything'], {
      cwd: REPO,
      deadlineMs: 120_000,
    });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const t = JSON.parse(readFileSync(json, 'utf8')).targets[0];
    assert.equal(t.era, 'legacy');
    assert.match(t.eraReason, /initialize succeeded/);
    const status = (id: string) => t.results.find((x: { checkId: string }) => x.checkId === id);
    // A 2026-07-28 requirement is not failed on a 2025-era server: skip, with what was seen kept for the migration.
    assert.equal(status('discover/implemented').status, 'skip');
    assert.match(status('discover/implemented').message, /2026-07-28 requirement/);
    assert.equal(status('discover/implemented').outsideEra.status, 'fail');
    assert.equal(status('results/result-type').outsideEra.status, 'fail');
    assert.match(status('results/result-type').outsideEra.message, /resultType is missing/);
    assert.equal(status('legacy/tools-list').status, 'pass');
    const migration = t.sections.find((s: { id: string }) => s.id === 'migration');
    assert.ok(migration.findings.some((f: { subject: string }) => f.subject.includes('discover/implemented')));
    assert.match(r.stdout, /legacy/);
    assert.deepEqual(processesWithEnv('ASSAY_TEST_MARKER', marker), []);
  });
});
