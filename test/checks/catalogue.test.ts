import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AREAS, areaOf, CHECKS, selectChecks } from '../../src/checks/index.js';

import { REPO } from '../support/fixtures.js';

/** Listed from the sources (a build output may hold stale files), imported from where this test runs. */
const sourceDir = path.join(REPO, 'src/checks');
const checksDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/checks');
const ext = path.extname(fileURLToPath(import.meta.url));

describe('the check catalogue', () => {
  it('declares each id once, well-formed, sorted', () => {
    const ids = CHECKS.map((c) => c.id);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    for (const id of ids) assert.match(id, /^[a-z0-9-]+\/[a-z0-9-]+(\/[a-z0-9-]+)*$/, id);
    // Code-unit order; over the id alphabet above it is also the order a locale collator gives (listings did not move).
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('gathers each area from its index, and every check a file exports is in the catalogue', async () => {
    for (const [area, list] of Object.entries(AREAS)) for (const c of list) assert.equal(areaOf(c.id), area, `${c.id} is listed in ${area}/index`);
    const folders = readdirSync(sourceDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'support')
      .map((d) => d.name);
    assert.deepEqual(folders.sort(), Object.keys(AREAS).sort(), 'every area folder has an index in the catalogue');
    const listed = new Set(CHECKS);
    for (const area of folders)
      for (const f of readdirSync(path.join(sourceDir, area)).filter((x) => x.endsWith('.ts') && x !== 'index.ts' && x !== 'support.ts')) {
        const mod = (await import(pathToFileURL(path.join(checksDir, area, f.replace(/\.ts$/, ext))).href)) as Record<string, unknown>;
        const defs = Object.entries(mod).filter(([, v]) => typeof v === 'object' && v !== null && 'id' in v && 'run' in v);
        assert.ok(defs.length, `${area}/${f} defines checks (helpers belong in ${area}/support)`);
        for (const [name, v] of defs) assert.ok(listed.has(v as (typeof CHECKS)[number]), `${area}/${f}: ${name} is missing from ${area}/index`);
      }
  });

  it('cites a requirement, a level and transports for every check', () => {
    for (const c of CHECKS) {
      assert.ok(['MUST', 'SHOULD', 'MAY'].includes(c.level), c.id);
      assert.ok(c.spec.section && c.spec.quote.length > 20, `${c.id} cites its requirement`);
      assert.match(c.spec.revision.since, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(c.transports.length > 0 && c.transports.every((t) => t === 'http' || t === 'stdio'), c.id);
      assert.ok(c.title.length > 10, c.id);
    }
  });

  it('selects by id prefix with --only and --skip', () => {
    const meta = selectChecks(CHECKS, ['meta/']).map((c) => c.id);
    assert.ok(meta.length >= 3 && meta.every((id) => id.startsWith('meta/')), meta.join(', '));
    assert.ok(meta.includes('meta/missing-meta'));
    assert.equal(meta.length, CHECKS.filter((c) => c.id.startsWith('meta/')).length);
    const headers = CHECKS.filter((c) => c.id.startsWith('http-headers/')).length;
    assert.ok(headers >= 4);
    const noHeaders = selectChecks(CHECKS, [], ['http-headers']);
    assert.equal(noHeaders.length, CHECKS.length - headers);
    assert.ok(noHeaders.every((c) => !c.id.startsWith('http-headers')));
    const discover = selectChecks(CHECKS, ['discover/'], ['discover/supported']).map((c) => c.id);
    assert.ok(discover.includes('discover/implemented') && !discover.includes('discover/supported-versions'), discover.join(', '));
    assert.equal(discover.length, CHECKS.filter((c) => c.id.startsWith('discover/')).length - 1);
  });
});
