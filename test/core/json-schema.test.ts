import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAjv, dialectOf, MAX_PATTERN_INPUT, safeRegExp, UnsafePatternError } from '../../src/core/json-schema.js';
import { validateStructuredResult } from '../../src/contracts/index.js';

describe('validators for server-provided schemas', () => {
  it('knows the dialects it validates and names the ones it does not', () => {
    assert.deepEqual(dialectOf({}), { dialect: '2020-12' });
    assert.equal(dialectOf({ $schema: 'http://json-schema.org/draft-07/schema#' }).dialect, 'draft-07');
    assert.deepEqual(dialectOf({ $schema: 'http://json-schema.org/draft-04/schema#' }), { declared: 'http://json-schema.org/draft-04/schema#' });
  });

  it('keeps each pattern apart and evaluates it', () => {
    const ajv = createAjv('2020-12');
    const lower = ajv.compile({ type: 'string', pattern: '^[a-z]+$' });
    const upper = ajv.compile({ type: 'string', pattern: '^[A-Z]+$' });
    assert.deepEqual([lower('abc'), lower('ABC'), upper('ABC'), upper('abc')], [true, false, true, false]);
  });

  it('refuses patterns that can backtrack catastrophically, and bounds the input', () => {
    for (const p of ['^(a+)+$', '(\\w*)*x', '^(a|aa){2,}$', '(x+x+)+y', '^(ab|c)\\1$']) assert.throws(() => safeRegExp(p, 'u'), UnsafePatternError, p);
    const re = safeRegExp('^a+$', 'u');
    assert.equal(re.test('a'.repeat(MAX_PATTERN_INPUT + 1) + '!'), true, 'over the bound: not evaluated');
    assert.equal(re.test('aa!'), false);
  });

  it('a hostile outputSchema gives a finding at once, never a hang', () => {
    const t0 = performance.now();
    const errors = validateStructuredResult(
      { name: 'evil', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } } },
      { s: 'a'.repeat(40) + '!' },
    );
    assert.ok(errors.length > 0, 'reported');
    assert.ok(performance.now() - t0 < 1000, `took ${performance.now() - t0} ms`);
  });
});
