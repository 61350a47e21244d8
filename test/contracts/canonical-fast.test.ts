import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scaleTools } from '../../bench/scale/tools.js';
import {
  canonicalStringify,
  handWrittenCanonical,
  entityState,
  hashJson,
  orderedEntityText,
  toJson,
  type CanonicalOptions,
} from '../../src/contracts/shared/canonical.js';
import { analyseCatalogue, buildCatalogue, catalogueDigest, parseCatalogue } from '../../src/contracts/index.js';
import { toolTokens } from '../../src/contracts/catalogue/tokens.js';
import { sample } from '../support/json-sample.js';

/** The hand-written serialiser, the reference. */
const reference = (v: unknown, indent = 0, opts: CanonicalOptions = {}): string => handWrittenCanonical(v, indent, opts);

describe('canonical JSON, native fast path', () => {
  it('writes exactly what the hand-written serialiser writes', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const v = sample(seed);
      assert.equal(canonicalStringify(v), reference(v), `seed ${seed}`);
    }
    for (const v of [undefined, null, () => 1, Symbol('x'), [undefined, () => 1, Symbol('y')], { a: undefined }, -0, 'x'])
      assert.equal(canonicalStringify(v), reference(v));
  });

  it('writes the indented, embedded, lifted and escaped forms exactly as the hand-written serialiser does', () => {
    const variants: [number, CanonicalOptions][] = [
      [2, {}],
      [2, { baseLevel: 2, escapeInvisible: true, liftKeys: ['name'] }],
      [2, { baseLevel: 1, liftKeys: ['uri', 'name', 'b'] }],
      [4, { escapeInvisible: true }],
      [0, { escapeInvisible: true, liftKeys: ['a'] }],
    ];
    for (let seed = 1; seed <= 1500; seed++) {
      const v = sample(seed);
      for (const [indent, opts] of variants)
        assert.equal(canonicalStringify(v, indent, opts), reference(v, indent, opts), `seed ${seed} ${JSON.stringify(opts)}`);
    }
    const invisible = { name: 'x\u200bz', d: 'bidi \u202e and DEL \u007f, tag \u{E0041}', b: ['\uFE0F', { '\u00ad': 1 }] };
    assert.equal(
      canonicalStringify(invisible, 2, { baseLevel: 2, escapeInvisible: true, liftKeys: ['name'] }),
      reference(invisible, 2, { baseLevel: 2, escapeInvisible: true, liftKeys: ['name'] }),
    );
    assert.doesNotMatch(canonicalStringify(invisible, 2, { escapeInvisible: true }), /[\u200b\u202e\u007f\u00ad]/u);
  });

  it('hashes the catalogue as hashJson of its surface, from the per-entity texts', () => {
    const surface = (c: ReturnType<typeof buildCatalogue>) =>
      hashJson({ instructions: c.instructions, tools: c.tools, prompts: c.prompts, resources: c.resources, resourceTemplates: c.resourceTemplates });
    const cases = [
      buildCatalogue({ tools: [] }),
      buildCatalogue({ tools: scaleTools(40), instructions: 'Use the order tools.\u200b' }),
      buildCatalogue({
        tools: [...scaleTools(3), { name: 'indexed', inputSchema: { type: 'object', properties: { '10': {}, '9': {} } } }],
        prompts: [{ name: 'p', arguments: [{ name: 'a' }] }],
        resources: [{ uri: 'file:///a', name: 'a' }],
        resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 't' }],
      }),
    ];
    for (const c of cases) assert.equal(c.hashes.catalogue, surface(c));
  });

  it('a parsed file keeps its JSON members uncopied only where a copy would be equal', () => {
    let ordered = 0;
    for (let seed = 1; seed <= 1500; seed++) {
      const v = sample(seed);
      if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
      if (entityState(v).json) assert.deepEqual(toJson(v), v, `seed ${seed}`);
      // Read back from a snapshot-like text (keys sorted below the top, some lifted to the front of it).
      const back = JSON.parse(canonicalStringify(v, 2, { liftKeys: ['b', 'Z'] })) as Record<string, unknown>;
      const state = entityState(back);
      assert.equal(state.json, true);
      if (state.ordered) {
        ordered++;
        assert.equal(orderedEntityText(back), reference(back), `seed ${seed}`);
      }
    }
    assert.ok(ordered > 100, `only ${ordered} samples took the ordered path`);
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = [deep];
    for (const odd of [-0, Infinity, NaN, undefined, new Array<number>(3), new Date(0), deep]) assert.equal(entityState({ odd }).json, false);
    assert.deepEqual(entityState({ b: { y: 1, x: 2 } }), { json: true, ordered: false });
    assert.deepEqual(entityState({ b: 1, a: { x: [{ p: 1, q: 2 }] } }), { json: true, ordered: true });
    assert.deepEqual(entityState({ b: { 7: 1 } }), { json: true, ordered: false });
    // -0 and an overflowing number come out of JSON.parse as -0 and Infinity; the copy turns them into 0 and null.
    const text = '{"tools":[{"name":"b","x":-0,"y":1e400,"z":{"__proto__":{"a":1}}},{"name":"a","inputSchema":{"type":"object"}}]}';
    const parsed = parseCatalogue(text, 'odd.json');
    assert.deepEqual(parsed, buildCatalogue(JSON.parse(text) as { tools: unknown[] }));
    assert.equal(Object.is(parsed.tools[1]?.x, 0), true);
    assert.equal(parsed.tools[1]?.y, null);
    assert.throws(() => parseCatalogue(`{"tools":[{"name":"d","x":${JSON.stringify(deep)}}]}`, 'deep.json'), /deeper than 256/);
  });

  it('estimates tokens from the canonical length, which key order does not change', () => {
    const odd = { name: 'odd', title: 'T\u200b', description: 'é', inputSchema: { type: 'object', properties: { '10': { enum: [-0, 1e21] }, b: {}, a: {} } } };
    for (const t of [...buildCatalogue({ tools: scaleTools(200, { changed: 9 }) }).tools, odd]) {
      const surface = { name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema };
      assert.equal(toolTokens(t), Math.ceil(reference(surface).length / 4), t.name);
    }
  });

  it('a generated catalogue of 1,000 tools serialises the same either way', () => {
    const tools = scaleTools(1000, { changed: 40 });
    assert.equal(canonicalStringify(tools), reference(tools));
  });

  it('the catalogue digest hashes each kept tool as hashJson does, also with repeated names and names with #', () => {
    for (const extra of [[], [{ name: 'get_order#2', description: 'A tool whose name holds a hash sign.' }]]) {
      const c = buildCatalogue({ tools: [...scaleTools(30), { ...scaleTools(1)[0], description: 'a second get_order' }, ...extra] });
      const digest = catalogueDigest(c, analyseCatalogue(c));
      const firsts = new Map<string, unknown>();
      for (const t of c.tools) if (!firsts.has(t.name)) firsts.set(t.name, t);
      assert.equal(Object.keys(digest.tools).length, firsts.size);
      for (const [name, t] of firsts) assert.equal(digest.tools[name]?.hash, hashJson(t), name);
    }
  });
});
