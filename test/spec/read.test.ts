import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  arr,
  at,
  bool,
  entries,
  errorCode,
  field,
  listItems,
  metaOf,
  num,
  obj,
  objAt,
  objectEntries,
  objects,
  oneOf,
  str,
  strings,
} from '../../src/spec/read.js';

/** Values a hostile or broken server can put where an object, list or text belongs. */
const HOSTILE: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  Number.NaN,
  '',
  'text',
  true,
  false,
  [],
  [null],
  [1, 'a'],
  {},
  { __proto__: { polluted: 1 } },
  Object.create(null),
  new Array(3),
];

describe('typed readers of server JSON', () => {
  it('never throw, whatever they are given', () => {
    for (const v of HOSTILE) {
      for (const read of [obj, str, num, bool, arr, objects, strings, entries, objectEntries, metaOf, errorCode]) assert.doesNotThrow(() => read(v));
      assert.doesNotThrow(() => at(v, 'a', 'b', 'c'));
      assert.doesNotThrow(() => listItems(v, 'tools'));
    }
  });

  it('objects are objects: not null, not arrays', () => {
    assert.deepEqual(obj({ a: 1 }), { a: 1 });
    for (const v of [null, [], 'x', 3, undefined]) assert.equal(obj(v), undefined);
  });

  it('read own members only, so an inherited key reads as absent', () => {
    assert.equal(field({ a: 1 }, 'a'), 1);
    assert.equal(field({}, 'toString'), undefined);
    assert.equal(field({}, 'constructor'), undefined);
    assert.equal(field(JSON.parse('{"__proto__": {"x": 1}}'), 'x'), undefined);
    assert.equal(field(['a'], '0'), undefined);
  });

  it('walk a path and stop at the first non-object', () => {
    const caps = { resources: { subscribe: true, listChanged: 'yes' }, tools: [] };
    assert.equal(at(caps, 'resources', 'subscribe'), true);
    assert.equal(at(caps, 'tools', 'length'), undefined);
    assert.equal(at(caps, 'resources', 'subscribe', 'deeper'), undefined);
    assert.deepEqual(objAt(caps, 'resources'), { subscribe: true, listChanged: 'yes' });
    assert.equal(objAt(caps, 'tools'), undefined);
  });

  it('scalars only when the type is right', () => {
    assert.equal(str('a'), 'a');
    assert.equal(str(1), undefined);
    assert.equal(num(2), 2);
    assert.equal(num('2'), undefined);
    assert.equal(num(Number.POSITIVE_INFINITY), undefined);
    assert.equal(bool(false), false);
    assert.equal(bool('false'), undefined);
  });

  it('lists keep only elements of the right type', () => {
    assert.deepEqual(objects([{ a: 1 }, null, 'x', [], { b: 2 }]), [{ a: 1 }, { b: 2 }]);
    assert.deepEqual(strings(['a', 1, null, 'b']), ['a', 'b']);
    assert.deepEqual(objects({ 0: { a: 1 } }), []);
    assert.deepEqual(arr('abc'), undefined);
    assert.deepEqual(objectEntries({ a: { x: 1 }, b: 2, c: null }), [['a', { x: 1 }]]);
    assert.deepEqual(entries([1, 2]), []);
  });

  it('MCP parts: list items, _meta, error code', () => {
    assert.deepEqual(listItems({ tools: [{ name: 't' }, 'junk'] }, 'tools'), [{ name: 't' }]);
    assert.deepEqual(listItems({ tools: { name: 't' } }, 'tools'), []);
    assert.deepEqual(metaOf({ _meta: { k: 1 } }), { k: 1 });
    assert.equal(metaOf({ _meta: 'x' }), undefined);
    assert.equal(errorCode({ code: -32602 }), -32602);
    assert.equal(errorCode({ code: '-32602' }), undefined);
  });

  it('oneOf narrows to a literal union', () => {
    const LEVELS = ['debug', 'info'] as const;
    assert.ok(oneOf('info', LEVELS));
    assert.ok(!oneOf('INFO', LEVELS));
    assert.ok(!oneOf(undefined, LEVELS));
  });
});
