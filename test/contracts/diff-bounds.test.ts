import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareSchemas } from '../../src/contracts/diff/schema-diff.js';

const withDefs = (type: string, wrap: (ref: object) => object) => ({
  type: 'object',
  $defs: { Id: { type } },
  properties: { id: wrap({ $ref: '#/$defs/Id' }) },
  required: ['id'],
});

function bomb(levels: number, leaf: string): object {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) defs[`d${i}`] = { type: 'object', properties: { a: { $ref: `#/$defs/d${i + 1}` }, b: { $ref: `#/$defs/d${i + 1}` } } };
  defs[`d${levels}`] = { type: leaf };
  return { type: 'object', $defs: defs, properties: { x: { $ref: '#/$defs/d0' } } };
}

describe('schema diff behind $ref', () => {
  it('a type change behind allOf: [{$ref}] is breaking, as behind a plain $ref', () => {
    for (const wrap of [(r: object) => r, (r: object) => ({ allOf: [r] }), (r: object) => ({ anyOf: [r] })]) {
      const changes = compareSchemas(withDefs('string', wrap), withDefs('integer', wrap), 'input');
      assert.ok(
        changes.some((c) => c.kind === 'breaking' && c.path === 'id'),
        JSON.stringify(changes),
      );
    }
    assert.deepEqual(
      compareSchemas(
        withDefs('string', (r) => ({ allOf: [r] })),
        withDefs('string', (r) => ({ allOf: [r] })),
        'input',
      ),
      [],
    );
  });

  it('two $ref bombs are compared at once: a change is reported, not walked exponentially', () => {
    const t0 = performance.now();
    const changes = compareSchemas(bomb(30, 'string'), bomb(30, 'integer'), 'output');
    assert.ok(performance.now() - t0 < 2000, `${performance.now() - t0} ms`);
    assert.equal(changes.length, 1);
    assert.equal(changes[0]!.kind, 'breaking');
    assert.match(changes[0]!.detail, /not compared in detail/);
    assert.deepEqual(compareSchemas(bomb(30, 'string'), bomb(30, 'string'), 'output'), []);
  });

  it('a schema just within the expansion budget is still compared within the comparison budget', () => {
    const t0 = performance.now();
    const changes = compareSchemas(bomb(11, 'string'), bomb(11, 'integer'), 'output');
    assert.ok(performance.now() - t0 < 2000, `${performance.now() - t0} ms`);
    assert.ok(
      changes.some((c) => c.kind === 'breaking'),
      JSON.stringify(changes.slice(0, 3)),
    );
  });
});
