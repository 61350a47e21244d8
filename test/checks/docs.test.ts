import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHECKS } from '../../src/checks/index.js';
import { fillReadme, renderChecksDoc } from '../../scripts/checks-doc.js';
import { REPO } from '../support/fixtures.js';

const REGENERATE = 'regenerate: npm run docs:checks';

describe('docs/checks.md', () => {
  it(`is current: a fresh render from the catalogue and its declared faults (${REGENERATE})`, () => {
    const doc = readFileSync(path.join(REPO, 'docs/checks.md'), 'utf8');
    assert.ok(doc === renderChecksDoc(), `docs/checks.md is stale (${REGENERATE})`);
    const rows = [...doc.matchAll(/^\| `([^`]+)` \| (MUST|SHOULD|MAY)/gm)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(rows.sort(), CHECKS.map((c) => `${c.id} ${c.level}`).sort());
  });

  it(`the README's catalogue numbers are current (${REGENERATE})`, () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    assert.ok(readme === fillReadme(readme), `README.md's generated spans are stale (${REGENERATE})`);
    assert.match(readme, new RegExp(`<!-- checks:count -->${CHECKS.length}<!-- /checks:count --> deterministic checks`));
  });
});
