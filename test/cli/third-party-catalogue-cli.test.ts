import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
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
      ['browser_click', 'browser_navigate', 'browser_select'],
    );
    assert.deepEqual([cat.resources.length, cat.resourceTemplates.length], [1, 0]);
    const contracts = await runCli(['contracts', '--', ...server]);
    assert.notEqual(contracts.code, 3, contracts.stdout + contracts.stderr);
    assert.doesNotMatch(contracts.stdout, /could not be (checked to the end|read)/, contracts.stdout);
    assert.match(contracts.stdout, /risk\/inventory\s+browser_click/, contracts.stdout);
    // Unannotated, with a selector and a value: it sets a form field, as fill does.
    assert.match(contracts.stdout, /risk\/inventory\s+browser_select: write/, contracts.stdout);
  });
});

/**
 * A Go or Rust server shipped on npm is one executable file started without arguments (mcp-time 0.4.0): after `--`
 * it is the server's command, not a snapshot file, for contracts, diff and inventory alike.
 */
describe('a server whose command is a single executable file after --', () => {
  const binary = path.join(dir, 'mcp-server-binary');
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  writeFileSync(binary, `#!/bin/sh\nexec ${server.map(quote).join(' ')} "$@"\n`);
  chmodSync(binary, 0o755);

  it('contracts, diff and inventory start it instead of reading it as a snapshot', async () => {
    const contracts = await runCli(['contracts', '--', binary]);
    assert.notEqual(contracts.code, 2, contracts.stderr);
    assert.doesNotMatch(contracts.stderr, /not valid JSON/);
    assert.match(contracts.stdout, /risk\/inventory\s+browser_click/, contracts.stdout + contracts.stderr);

    const snap = await runCli(['snapshot', '-o', path.join(dir, 'binary.json'), '--', binary]);
    assert.equal(snap.code, 0, snap.stderr);
    const diff = await runCli(['diff', path.join(dir, 'binary.json'), '--', binary]);
    assert.equal(diff.code, 0, diff.stdout + diff.stderr);
    assert.match(diff.stdout, /no contract changes/);

    const inventory = await runCli(['inventory', '--', binary]);
    assert.equal(inventory.code, 0, inventory.stderr);
    assert.match(inventory.stdout, /tool: browser_click/);
  });

  it('inventory starts `node script.js` after -- instead of reading the script as a snapshot', async () => {
    const r = await runCli(['inventory', '--', ...server]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /tool: browser_click/);
  });

  it('a snapshot file given before any -- is still read as one', async () => {
    const r = await runCli(['contracts', path.join(dir, 'binary.json')]);
    assert.notEqual(r.code, 2, r.stderr);
    assert.match(r.stdout, /browser_click/);
  });
});
