import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { explain, nodeFlags, result, run } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.extname(fileURLToPath(import.meta.url));
const server = [process.execPath, ...nodeFlags(), path.join(here, `../fixtures/servers/third-party/announces-at-start${ext}`)];
const checks = selectChecks(CHECKS, ['wire/', 'legacy/']);

interface Result {
  checkId: string;
  status: string;
  actual?: string;
}

/** What a 2025-era server sends before the probe has its answer is 2025 wire, judged as such. */
describe('a message sent before the era is known is judged by the era the probe finds', () => {
  it('a list_changed notification at start from a 2025-era server is valid (library)', async () => {
    const r = await run({ kind: 'stdio', command: server[0]!, args: server.slice(1) }, { checks });
    assert.equal(r.era, 'legacy', explain(r));
    assert.equal(result(r, 'wire/server-messages-valid').status, 'pass', explain(r));
  });

  it('the same through the CLI, where the process may start ahead of the run', async () => {
    const json = path.join(tempDir('assay-early-'), 'r.json');
    const r = await runCli(['check', '--no-contracts', '--only', 'wire/', '--only', 'legacy/', '--json', json, '--', ...server], { deadlineMs: 120_000 });
    const t = (JSON.parse(readFileSync(json, 'utf8')) as { targets: { era: string; results: Result[] }[] }).targets[0]!;
    assert.equal(t.era, 'legacy', r.stdout);
    const wire = t.results.find((x) => x.checkId === 'wire/server-messages-valid');
    assert.equal(wire?.status, 'pass', `${wire?.actual ?? ''}\n${r.stdout}`);
    assert.equal(r.code, 0, r.stdout + r.stderr);
  });
});
