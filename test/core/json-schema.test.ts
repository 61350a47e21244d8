import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAjv, dialectOf, MAX_PATTERN_INPUT, patternEngine, PatternTimeoutError, safeRegExp, UnsafePatternError } from '../../src/core/json-schema.js';
import { PATTERN_TIME_LIMIT_MS } from '../../src/core/regex-worker.js';
import { measureExpansion } from '../../src/core/schema-budget.js';
import { measureSchema } from '../../src/checks/support/schema.js';
import { OutputValidator } from '../../src/checks/results/support.js';
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

  it('runs every server pattern without unbounded backtracking, whatever its shape', () => {
    const hostile = 'a'.repeat(5000) + '!';
    // Redundant grouping around a nested quantifier evades any shape test; a linear-time engine does not care.
    for (const p of ['^(a+)+$', '(\\w*)*x', '^(a|aa){2,}$', '(x+x+)+y', '^(((a+)))+$', '^((a)|(a))*$']) {
      const t0 = performance.now();
      const re = safeRegExp(p, '');
      assert.equal(patternEngine(p), 're2js', p);
      assert.equal(re.test(hostile), false, p);
      assert.ok(performance.now() - t0 < 500, `${p}: ${performance.now() - t0} ms`);
    }
    const re = safeRegExp('^a+$', '');
    assert.equal(re.test('a'.repeat(MAX_PATTERN_INPUT + 1) + '!'), true, 'over the bound: not evaluated');
    assert.equal(re.test('aa!'), false);
    assert.throws(() => safeRegExp('a'.repeat(3000), ''), UnsafePatternError);
  });

  it('runs lookaround and backreferences in a worker with a hard time limit', () => {
    const look = safeRegExp('^(?=.*[A-Z]).{8,}$', '');
    assert.equal(patternEngine('^(?=.*[A-Z]).{8,}$'), 'worker');
    assert.deepEqual([look.test('abcdefgH'), look.test('abcdefgh')], [true, false]);
    const evil = safeRegExp('^(a+)+\\1$', '');
    const t0 = performance.now();
    assert.throws(() => evil.test('a'.repeat(40) + '!'), PatternTimeoutError);
    assert.ok(performance.now() - t0 < PATTERN_TIME_LIMIT_MS + 1000);
    // Known hostile: refused at once the next time.
    const t1 = performance.now();
    assert.throws(() => evil.test('a'.repeat(40) + '?'), /worker/);
    assert.ok(performance.now() - t1 < 50);
  });

  it('a schema whose $defs double at each level is refused before compiling, on every path', () => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) defs[`d${i}`] = { type: 'object', properties: { a: { $ref: `#/$defs/d${i + 1}` }, b: { $ref: `#/$defs/d${i + 1}` } } };
    defs.d40 = { type: 'string' };
    const bomb = { type: 'object', $defs: defs, properties: { x: { $ref: '#/$defs/d0' } } };
    const t0 = performance.now();
    assert.match(measureExpansion(bomb).exceeded ?? '', /more than 10000 subschemas/);
    assert.match(validateStructuredResult({ name: 'bomb', inputSchema: { type: 'object' }, outputSchema: bomb }, { x: {} })[0] ?? '', /validation bounds/);
    assert.match(measureSchema(bomb).exceeded ?? '', /expanded/);
    assert.ok('skipped' in new OutputValidator().compile(bomb));
    assert.ok(performance.now() - t0 < 2000, `${performance.now() - t0} ms`);
    // A recursive schema is not a bomb: each $ref is expanded once per path.
    assert.equal(measureExpansion({ $defs: { n: { properties: { next: { $ref: '#/$defs/n' } } } }, $ref: '#/$defs/n' }).exceeded, undefined);
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
