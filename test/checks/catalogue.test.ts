import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHECKS, selectChecks } from '../../src/checks/index.js';

describe('the check catalogue', () => {
  it('declares each id once, well-formed, sorted', () => {
    const ids = CHECKS.map((c) => c.id);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    for (const id of ids) assert.match(id, /^[a-z0-9-]+\/[a-z0-9-]+(\/[a-z0-9-]+)*$/, id);
    assert.deepEqual(ids, [...ids].sort((a, b) => a.localeCompare(b)));
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
