import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { annotationFreeKey } from '../../src/contracts/schema/annotation-free.js';
import { compileSchema } from '../../src/contracts/schema/validate.js';

const key = (s: unknown): string | undefined => annotationFreeKey(s, JSON.stringify(s));
const param = (description: string, title = 'Id'): Record<string, unknown> => ({
  type: 'object',
  description: `Find ${description}`,
  properties: {
    id: { type: 'string', title, description: `Id of the ${description}`, maxLength: 64 },
    tags: { type: 'array', items: { type: 'string', description: 'a tag' }, maxItems: 3 },
  },
  required: ['id'],
});

describe('schemas that differ only in titles and descriptions', () => {
  it('share one validation shape and one compiled validator', () => {
    assert.equal(key(param('alert')), key(param('user', 'Identifier')));
    const a = compileSchema(param('alert'));
    const b = compileSchema(param('invoice', 'Key'));
    assert.ok(a.ok && b.ok);
    assert.equal(a.validate, b.validate);
    assert.equal(b.validate({ id: 'x', tags: ['t'] }), true);
    assert.equal(b.validate({ id: 'x'.repeat(65) }), false);
  });

  it('keep apart schemas whose texts under a data keyword or a property name differ', () => {
    const withConst = (d: string): unknown => ({ type: 'object', const: { description: d } });
    assert.notEqual(key(withConst('a')), key(withConst('b')));
    const withEnum = (d: string): unknown => ({ enum: [{ title: d }] });
    assert.notEqual(key(withEnum('a')), key(withEnum('b')));
    const withDefault = (d: string): unknown => ({ type: 'object', default: { description: d } });
    assert.notEqual(key(withDefault('a')), key(withDefault('b')));
    // A property named "description" is a subschema, not an annotation: its schema is kept, whatever it holds.
    const named = (t: string): unknown => ({ type: 'object', properties: { description: { type: t } } });
    assert.notEqual(key(named('string')), key(named('number')));
    const c = compileSchema({ type: 'object', const: { description: 'a' } });
    const d = compileSchema({ type: 'object', const: { description: 'b' } });
    assert.ok(c.ok && d.ok);
    assert.notEqual(c.validate, d.validate);
    assert.equal(d.validate({ description: 'b' }), true);
    assert.equal(d.validate({ description: 'a' }), false);
  });

  it('keep a non-string title or description (the meta-schema refuses it) and anything with a reference', () => {
    assert.notEqual(key({ type: 'string', description: 1 }), key({ type: 'string', description: 2 }));
    const bad = compileSchema({ type: 'string', description: 7 });
    assert.equal(bad.ok, false);
    assert.equal(key({ $defs: { a: { description: 'x' } }, $ref: '#/$defs/a' }), undefined);
    assert.equal(key({ type: 'string' }), undefined);
  });

  it('strip annotations in every subschema position, draft-07 tuples and dependencies included', () => {
    const s = (d: string): unknown => ({
      description: d,
      items: [{ title: d, type: 'string' }],
      additionalItems: { description: d },
      dependencies: { a: { description: d }, b: ['a'] },
      anyOf: [{ title: d }, { not: { description: d } }],
      if: { description: d },
      then: { title: d },
      $defs: { x: { description: d } },
      patternProperties: { '^x': { title: d } },
    });
    assert.equal(key(s('one')), key(s('two')));
  });
});
