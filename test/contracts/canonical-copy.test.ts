import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scaleTools } from '../../bench/scale/tools.js';
import { handWrittenCanonical } from '../../src/contracts/shared/canonical.js';
import { canonicalCopy, canonicalText, isFrozenJson, liftedCopy } from '../../src/contracts/shared/canonical-copy.js';
import { partByPart, serializeCatalogue } from '../../src/contracts/catalogue/catalogue-serialize.js';
import { buildCatalogue, parseCatalogue, type Catalogue } from '../../src/contracts/index.js';
import { madeCopy } from '../../src/contracts/catalogue/catalogue.js';
import { sample } from '../support/json-sample.js';

/** A deep copy that keeps what JSON would not (functions, symbols, -0, holes) and keys such as `__proto__` as own keys. */
function clone<T>(v: T): T {
  if (!v || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x: unknown) => clone(x)) as T;
  const out = {};
  for (const k of Object.keys(v))
    Object.defineProperty(out, k, { value: clone((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
  return out as T;
}

describe('canonical JSON by copying', () => {
  it('writes exactly what the hand-written serialiser writes, or leaves the value to the general path', () => {
    let copied = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const v = sample(seed);
      assert.equal(canonicalText(v), handWrittenCanonical(v), `seed ${seed}`);
      if (canonicalCopy(v) !== undefined) copied++;
    }
    assert.ok(copied > 500, `only ${copied} samples were copied`);
    for (const odd of [-0, NaN, undefined, () => 1, Symbol('s'), new Date(0), { a: undefined }, [undefined], { 7: 1 }, { a: { 10: 1 } }])
      assert.equal(canonicalCopy(odd), undefined);
    const proto = JSON.parse('{"b":1,"__proto__":{"x":1},"a":[{"d":1,"c":2}]}') as unknown;
    assert.equal(JSON.stringify(canonicalCopy(proto)), '{"__proto__":{"x":1},"a":[{"c":2,"d":1}],"b":1}');
    assert.deepEqual(Object.keys(liftedCopy({ z: 1, name: 'n', a: 2, uri: 'u' }, ['uri', 'name']) ?? {}), ['uri', 'name', 'a', 'z']);
  });

  it('copies are ordinary objects, which share their shape (a `__proto__` key alone needs an object without a prototype)', () => {
    const tools = scaleTools(40, { names: 'diverse' }).map((t) => canonicalCopy(t) as Record<string, unknown>);
    for (const t of tools) {
      assert.equal(Object.getPrototypeOf(t), Object.prototype);
      assert.equal(Object.getPrototypeOf(t.inputSchema), Object.prototype);
      assert.equal(Object.getPrototypeOf(liftedCopy(t, ['name'], t)), Object.prototype);
    }
    const proto = canonicalCopy(JSON.parse('{"b":{"__proto__":1,"a":2}}')) as { b: object };
    assert.equal(Object.getPrototypeOf(proto), Object.prototype);
    assert.equal(Object.getPrototypeOf(proto.b), null);
    assert.deepEqual(Object.keys(proto.b), ['__proto__', 'a']);
    const lifted = liftedCopy(JSON.parse('{"z":1,"__proto__":2,"name":"n"}'), ['name']) as object;
    assert.equal(Object.getPrototypeOf(lifted), null);
    assert.equal(JSON.stringify(lifted), '{"name":"n","__proto__":2,"z":1}');
  });

  it('a catalogue is written byte for byte as the part-by-part writer writes it', () => {
    const invisible = { name: 'x\u200bz', description: 'bidi \u202e and DEL \u007f, tag \u{E0041} é', inputSchema: { type: 'object', __proto__: 1 } };
    const cases: Catalogue[] = [
      buildCatalogue({ tools: [] }),
      buildCatalogue({ tools: scaleTools(300, { changed: 20 }), instructions: 'Use the order tools.\u200b', server: { version: '1', name: 's' } }),
      buildCatalogue({
        tools: [...scaleTools(3), invisible, { name: 'indexed', inputSchema: { type: 'object', properties: { '10': {}, '9': {} } } }],
        prompts: [{ name: 'p', arguments: [{ name: 'a', required: true }] }],
        resources: [{ uri: 'file:///a', name: 'a', mimeType: 'text/plain' }],
        resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 't' }],
        masked: 'secrets were masked',
      }),
      buildCatalogue({ tools: [{ name: '7' }, { name: 'b', annotations: { readOnlyHint: true } }] }),
    ];
    for (const c of cases) {
      const text = serializeCatalogue(c);
      assert.equal(text, partByPart(c));
      assert.equal(serializeCatalogue(parseCatalogue(text, 'x.json')), text);
    }
    // A hand-made catalogue that is not plain JSON still goes through the general writers.
    const odd = { ...buildCatalogue({ tools: scaleTools(2) }), instructions: { not: 'a string' } } as unknown as Catalogue;
    assert.equal(serializeCatalogue(odd), partByPart(odd));
  });

  it('a catalogue keeps tools frozen at every level as they are, and copies any other', () => {
    const deepFreeze = <T>(v: T): T => {
      if (v && typeof v === 'object') {
        for (const x of Object.values(v)) deepFreeze(x);
        Object.freeze(v);
      }
      return v;
    };
    const frozen = deepFreeze(JSON.parse(JSON.stringify(scaleTools(5))) as Record<string, unknown>[]);
    const c = buildCatalogue({ tools: frozen });
    for (const t of c.tools) assert.ok(frozen.includes(t));
    assert.deepEqual(c, buildCatalogue({ tools: JSON.parse(JSON.stringify(frozen)) as unknown[] }));
    // Frozen on top only, or holding -0: copied.
    const shallow = Object.freeze({ name: 'a', inputSchema: { type: 'object' } });
    assert.equal(isFrozenJson(shallow), false);
    assert.notEqual(buildCatalogue({ tools: [shallow] }).tools[0], shallow);
    assert.equal(isFrozenJson(deepFreeze({ name: 'a', x: -0 })), false);
    assert.equal(isFrozenJson(deepFreeze({ name: 'a', x: [1, 'b', null, { y: true }] })), true);
  });

  it('a snapshot of frozen tools (written from the copies their hashes were made from) is byte-identical to one of the same tools unfrozen', () => {
    const deepFreeze = <T>(v: T): T => {
      if (v && typeof v === 'object') {
        for (const x of Object.values(v)) deepFreeze(x);
        Object.freeze(v);
      }
      return v;
    };
    let reused = 0;
    for (let seed = 1; seed < 120; seed++) {
      // Generated members with awkward keys and values (some not plain JSON), duplicate names, one entity listed twice.
      const tools = Array.from({ length: 1 + (seed % 7) }, (_, i) => {
        const s = sample(seed * 31 + i);
        return { ...(s && typeof s === 'object' && !Array.isArray(s) ? s : { value: s }), name: `t${(seed + i) % 4}` };
      });
      tools.push(tools[0]!);
      if (seed % 3 === 0) tools.push(...(scaleTools(3, { changed: 1 }) as unknown as (typeof tools)[number][]));
      const thawed = buildCatalogue({ tools: tools.map((t) => clone(t)) });
      const frozen = buildCatalogue({ tools: tools.map((t) => deepFreeze(clone(t))) });
      const text = serializeCatalogue(frozen);
      assert.equal(text, serializeCatalogue(thawed), `seed ${seed}`);
      assert.equal(text, partByPart(frozen), `seed ${seed}`);
      assert.deepEqual(frozen.hashes, thawed.hashes);
      reused += frozen.tools.filter((t) => madeCopy(frozen, t) !== undefined).length;
    }
    assert.ok(reused > 100, `the copies were reused for ${reused} tools`);
  });
});
