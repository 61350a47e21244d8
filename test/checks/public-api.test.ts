import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as api from '../../src/index.js';
import { REPO } from '../support/fixtures.js';

describe('public API', () => {
  it('exports the engine, catalogue and reporters', () => {
    for (const name of ['assay', 'assayTarget', 'CHECKS', 'REPORTERS', 'exitCodeFor', 'loadConfig', 'McpClient', 'probeEra', 'validateServerMessage'])
      assert.ok(name in api, `${name} is exported`);
  });

  it('VERSION matches package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    assert.equal(api.VERSION, pkg.version);
  });
});
