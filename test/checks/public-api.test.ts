import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as api from '../../src/index.js';
import { REPO } from '../support/fixtures.js';

describe('public API', () => {
  it('exports the engine, catalogue and reporters', () => {
    for (const name of ['assay', 'assayTarget', 'CHECKS', 'loadReporter', 'exitCodeFor', 'loadConfig', 'McpClient', 'probeEra', 'validateServerMessage'])
      assert.ok(name in api, `${name} is exported`);
  });

  it('loads a reporter on demand, once', async () => {
    const md = await api.loadReporter('markdown');
    assert.equal(md.id, 'markdown');
    assert.equal(md.fileExtension, '.md');
    assert.equal(await api.loadReporter('markdown'), md);
  });

  it('VERSION matches package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    assert.equal(api.VERSION, pkg.version);
  });
});
