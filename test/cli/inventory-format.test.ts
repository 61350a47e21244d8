import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvCell } from '../../src/cli/inventory-format.js';

describe('inventory CSV cells', () => {
  it('quote separators and quotes, and never start with a formula character', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('=HYPERLINK("http://x")'), '"\'=HYPERLINK(""http://x"")"');
    assert.equal(csvCell('+1'), "'+1");
    assert.equal(csvCell('@sum'), "'@sum");
    assert.equal(csvCell(true), 'true');
  });
});
