import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildCatalogue, CatalogueError, parseCatalogue, serializeCatalogue } from '../../src/contracts/index.js';
import { canonicalStringify } from '../../src/contracts/shared/canonical.js';
import { partByPart } from '../../src/contracts/catalogue/catalogue-serialize.js';
import { scaleTools } from '../../bench/scale/tools.js';

const EXAMPLES = '/work/shared/spec/2026-07-28/examples/Tool/';

const tools = [
  { name: 'zeta', description: 'Last by name', inputSchema: { type: 'object', properties: { b: { type: 'string' }, a: { type: 'number' } } } },
  { name: 'alpha', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
];

/** Same content, every object's keys in reverse order and the list reversed. */
function shuffled(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shuffled);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .reverse()
        .map(([k, x]) => [k, shuffled(x)]),
    );
  return v;
}

describe('catalogue snapshot', () => {
  it('sorts entities by identity and gives each a sha256 hash', () => {
    const c = buildCatalogue({
      tools,
      prompts: [{ name: 'p' }],
      resources: [
        { uri: 'b://2', name: 'x' },
        { uri: 'a://1', name: 'y' },
      ],
    });
    assert.deepEqual(
      c.tools.map((t) => t.name),
      ['alpha', 'zeta'],
    );
    assert.deepEqual(
      c.resources.map((r) => r.uri),
      ['a://1', 'b://2'],
    );
    assert.match(c.hashes.catalogue, /^sha256:[0-9a-f]{64}$/);
    assert.deepEqual(Object.keys(c.hashes.tools).sort(), ['alpha', 'zeta']);
    assert.notEqual(c.hashes.tools.alpha, c.hashes.tools.zeta);
  });

  it('keeps a hash for tools named like Object.prototype members, `__proto__` included, and reads them back', () => {
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__proto__'];
    const c = buildCatalogue({ tools: names.map((name, i) => ({ name, description: `tool ${i}` })) });
    assert.deepEqual(Object.keys(c.hashes.tools).sort(), ['__proto__', '__proto__#2', 'constructor', 'hasOwnProperty', 'toString']);
    assert.equal(Object.getPrototypeOf(c.hashes.tools), Object.prototype);
    for (const k of Object.keys(c.hashes.tools)) assert.match(c.hashes.tools[k]!, /^sha256:[0-9a-f]{64}$/);
    assert.deepEqual(parseCatalogue(serializeCatalogue(c), 'odd.json').hashes, c.hashes);
  });

  it('is byte-identical whatever the order of tools and keys', () => {
    const a = serializeCatalogue(buildCatalogue({ tools, server: { name: 's', version: '1' } }));
    const b = serializeCatalogue(buildCatalogue({ tools: (shuffled(tools) as unknown[]).reverse(), server: { version: '1', name: 's' } }));
    assert.equal(a, b);
    assert.ok(a.endsWith('}\n'));
    assert.doesNotMatch(a, /\d{4}-\d{2}-\d{2}T|runId|timestamp/i);
  });

  it('keeps integer-like keys in sorted order, unlike JSON.stringify', () => {
    assert.equal(canonicalStringify({ b: 1, 10: 2, 2: 3, a: { z: 0, y: -0 } }), '{"10":2,"2":3,"a":{"y":0,"z":0},"b":1}');
  });

  it('changes the hash of a tool, and of the catalogue, when a description changes', () => {
    const a = buildCatalogue({ tools });
    const b = buildCatalogue({ tools: [{ ...tools[0], description: 'Changed' }, tools[1]] });
    assert.notEqual(a.hashes.tools.zeta, b.hashes.tools.zeta);
    assert.equal(a.hashes.tools.alpha, b.hashes.tools.alpha);
    assert.notEqual(a.hashes.catalogue, b.hashes.catalogue);
  });

  it('leaves server identity out of the catalogue hash', () => {
    const a = buildCatalogue({ tools, server: { version: '1.0.0' } });
    const b = buildCatalogue({ tools, server: { version: '1.0.1' } });
    assert.equal(a.hashes.catalogue, b.hashes.catalogue);
  });

  it('keeps a hash for each of two tools that share a name', () => {
    const c = buildCatalogue({
      tools: [
        { name: 'x', inputSchema: { type: 'object' } },
        { name: 'x', description: 'other', inputSchema: { type: 'object' } },
      ],
    });
    assert.deepEqual(Object.keys(c.hashes.tools).sort(), ['x', 'x#2']);
  });

  it('rejects entries without a name, naming the index', () => {
    assert.throws(
      () => buildCatalogue({ tools: [{ inputSchema: {} }] }),
      (e: unknown) => e instanceof CatalogueError && /tools\[0\]\.name/.test(e.message),
    );
    assert.throws(() => buildCatalogue({ tools: [], resources: [{ name: 'no uri' }] }), /resources\[0\]\.uri/);
  });

  it('writes invisible characters as escapes a reviewer can see, and reads them back', () => {
    const c = buildCatalogue({ tools: [{ name: 'x', description: 'a\u200bb\u202e\u{E0041}', inputSchema: { type: 'object' } }] });
    const text = serializeCatalogue(c);
    assert.ok(text.includes('a\\u200bb\\u202e\\udb40\\udc41'), text);
    assert.ok(!/[\u200b\u202e]/.test(text));
    assert.equal(parseCatalogue(text, 'x.json').tools[0]?.description, 'a\u200bb\u202e\u{E0041}');
  });

  it('writes the whole document in one pass exactly as part by part', () => {
    const cases = [
      buildCatalogue({ tools: [] }),
      buildCatalogue({ tools: scaleTools(60, { changed: 5 }), server: { name: 's\u200b', version: '1' }, instructions: 'Use\u202e these.' }),
      { ...buildCatalogue({ tools: scaleTools(3) }), masked: 'a note with \u200b kept as written' },
      buildCatalogue({
        tools: [{ name: '123', description: 'index-like name', inputSchema: { type: 'object' } }, ...scaleTools(2)],
        prompts: [{ name: 'p', arguments: [{ name: 'a', description: 'x\u00ady' }] }],
        resources: [{ uri: 'file:///a', name: 'a', mimeType: 'text/plain' }],
        resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 't', title: 'T' }],
      }),
      buildCatalogue({ tools: [{ name: 'n', inputSchema: { type: 'object', properties: { '7': {}, b: {} } } }] }),
    ];
    for (const c of cases) assert.equal(serializeCatalogue(c), partByPart(c));
  });

  it('round-trips through parseCatalogue byte for byte', () => {
    const text = serializeCatalogue(
      buildCatalogue({ tools, instructions: 'Use alpha first.', prompts: [{ name: 'p', arguments: [{ name: 'x', required: true }] }] }),
    );
    assert.equal(serializeCatalogue(parseCatalogue(text, 'snap.json')), text);
  });

  it('names the file and the place of a JSON syntax error', () => {
    assert.throws(() => parseCatalogue('{\n  "tools": [,]\n}', 'bad.json'), /bad\.json: not valid JSON at line 2/);
  });

  it('refuses a hand-edited snapshot and says which hash does not match', () => {
    const text = serializeCatalogue(buildCatalogue({ tools })).replace('Last by name', 'Edited by hand');
    assert.throws(() => parseCatalogue(text, 'snap.json'), /snap\.json: hashes\.tools\["zeta"\] does not match/);
  });

  it('refuses an unknown format and a file that is not a catalogue', () => {
    assert.throws(() => parseCatalogue('{"format":"other@9","tools":[]}', 'x.json'), /unsupported format "other@9"/);
    assert.throws(() => parseCatalogue('{"hello":1}', 'x.json'), /x\.json: not a catalogue/);
    assert.throws(() => parseCatalogue('[1]', 'x.json'), /expected a JSON object, found an array/);
  });

  it('accepts a raw tools/list result and a saved JSON-RPC response', () => {
    const raw = parseCatalogue(JSON.stringify({ tools, ttlMs: 0, cacheScope: 'public', resultType: 'complete' }), 'list.json');
    const rpc = parseCatalogue(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools } }), 'rpc.json');
    assert.equal(raw.hashes.catalogue, rpc.hashes.catalogue);
    assert.equal(raw.tools.length, 2);
  });

  it('builds a catalogue from every official Tool example', () => {
    const examples = readdirSync(EXAMPLES)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(EXAMPLES + f, 'utf8')) as { name: string });
    assert.ok(examples.length >= 5);
    const c = buildCatalogue({ tools: examples });
    assert.equal(c.tools.length, examples.length);
    assert.equal(serializeCatalogue(parseCatalogue(serializeCatalogue(c), 'examples')), serializeCatalogue(c));
  });
});
