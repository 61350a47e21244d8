import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCatalogue } from '../../src/contracts/index.js';
import { nodeFlags } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.extname(fileURLToPath(import.meta.url));
const fixture = path.join(here, `../fixtures/servers/third-party/resources-without-templates${ext}`);
const server = [process.execPath, ...nodeFlags(), fixture];
const dir = tempDir('assay-third-party-catalogue-');

/**
 * The low-level Server of the 1.x SDK (server-puppeteer 2025.5.12) declares resources and answers
 * resources/templates/list with -32601: templates are optional beside resources, so the catalogue is whole, with none.
 */
describe('a catalogue whose server declares resources and has no resources/templates/list', () => {
  it('is snapshotted with no templates, and contracts reads it to the end', async () => {
    const snap = await runCli(['snapshot', '-o', path.join(dir, 'snap.json'), '--', ...server]);
    assert.equal(snap.code, 0, snap.stderr);
    const cat = parseCatalogue(readFileSync(path.join(dir, 'snap.json'), 'utf8'), 'snap.json');
    assert.deepEqual(
      cat.tools.map((t) => t.name),
      ['browser_click', 'browser_navigate'],
    );
    assert.deepEqual([cat.resources.length, cat.resourceTemplates.length], [1, 0]);
    const contracts = await runCli(['contracts', '--', ...server]);
    assert.notEqual(contracts.code, 3, contracts.stdout + contracts.stderr);
    assert.doesNotMatch(contracts.stdout, /could not be (checked to the end|read)/, contracts.stdout);
    assert.match(contracts.stdout, /risk\/inventory\s+browser_click/, contracts.stdout);
  });
});
