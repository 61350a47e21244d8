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
});
