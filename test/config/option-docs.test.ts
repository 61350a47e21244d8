import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fillOptionDocs, markedParts } from '../../scripts/options-doc.js';
import { REPORTER_DECLS } from '../../src/reporters/formats.js';
import { REPO } from '../support/fixtures.js';

const REGENERATE = 'regenerate: npm run docs:options';
const read = (doc: string) => readFileSync(path.join(REPO, doc), 'utf8');

describe('the docs made from the option table and the reporter declarations', () => {
  it(`docs/config.md and docs/report.md are current (${REGENERATE})`, () => {
    for (const doc of ['docs/config.md', 'docs/report.md']) assert.ok(read(doc) === fillOptionDocs(read(doc)), `${doc} is stale (${REGENERATE})`);
    assert.deepEqual(markedParts(read('docs/config.md')), ['options:config-keys', 'options:config-only']);
    assert.deepEqual(markedParts(read('docs/report.md')), ['reporters:renderings']);
  });

  it('every reporter has its entry in docs/report.md, and every report file its row in docs/config.md', () => {
    for (const [id, d] of Object.entries(REPORTER_DECLS)) {
      assert.ok(read('docs/report.md').includes(`- **${id}**: `), id);
      if ('file' in d) assert.ok(read('docs/config.md').includes(`| \`--${d.file.key} <file>\` | \`reports.${d.file.key}\` |`), id);
    }
  });

  it('a stale part is rendered afresh, an unknown marker is left alone', () => {
    const stale = '<!-- reporters:renderings -->\n- **old**: gone\n<!-- /reporters:renderings -->\n<!-- other:thing -->\nkept\n<!-- /other:thing -->\n';
    const fresh = fillOptionDocs(stale);
    assert.ok(!fresh.includes('**old**') && fresh.includes('- **console**: ') && fresh.includes('kept'));
  });
});
