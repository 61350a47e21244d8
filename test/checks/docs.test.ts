import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHECKS } from '../../src/checks/index.js';
import { REPO } from '../support/fixtures.js';

describe('docs/checks.md', () => {
  it('lists exactly the checks of the catalogue, with their levels (regenerate: npm run docs:checks)', () => {
    const doc = readFileSync(path.join(REPO, 'docs/checks.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([^`]+)` \| (MUST|SHOULD|MAY)/gm)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(rows.sort(), CHECKS.map((c) => `${c.id} ${c.level}`).sort());
    assert.match(doc, new RegExp(`\\*\\*${CHECKS.length} checks\\*\\*`));
  });

  it('the README states the catalogue size it ships', () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    assert.match(readme, new RegExp(`${CHECKS.length} deterministic checks`));
    assert.match(readme, new RegExp(`measured for all ${CHECKS.length} by`));
  });
});
