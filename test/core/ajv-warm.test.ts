import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AjvPool } from '../../src/core/json-schema.js';

describe('AjvPool.warm (the instance made in parts, off the requests in flight)', () => {
  it('yields twice, then holds the same instance get() returns, which judges schemas as usual', async () => {
    const pool = new AjvPool();
    let turns = 0;
    const turn = async (): Promise<void> => {
      turns++;
      await new Promise((resolve) => setImmediate(resolve));
    };
    await pool.warm('2020-12', turn);
    assert.equal(turns, 2);
    const ajv = pool.get('2020-12');
    await pool.warm('2020-12', turn);
    assert.equal(turns, 2, 'a warm instance is not made again');
    assert.equal(pool.get('2020-12'), ajv);
    assert.equal(ajv.validateSchema({ type: 'object', properties: { a: { type: 'string' } } }), true);
    assert.equal(ajv.validateSchema({ type: 'object', properties: { a: { type: 12 } } }), false);
    assert.equal(ajv.compile({ type: 'string', minLength: 2 })('ab'), true);
  });

  it('a second pool shares the meta-schema validator but not the instance', async () => {
    const one = new AjvPool();
    const two = new AjvPool();
    await one.warm('draft-07', () => Promise.resolve());
    await two.warm('draft-07', () => Promise.resolve());
    assert.notEqual(one.get('draft-07'), two.get('draft-07'));
    for (const p of [one, two]) assert.equal(p.get('draft-07').validateSchema({ type: 'nope' }), false);
  });
});
