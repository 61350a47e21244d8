import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scaleTools } from '../../bench/scale/tools.js';
import { buildCatalogue, serializeCatalogue, type RawCatalogueInput } from '../../src/contracts/index.js';
import { Masker } from '../../src/core/mask.js';
import { catalogueOf } from '../../src/engine/catalogue-of.js';

const NOTE = 'the server sent secrets of this run (header or environment values); they are written as *** here, and the hashes cover the masked text';

/** The decision as it was made before: one search of the whole input serialised. */
function wholeText(input: RawCatalogueInput, masker: Masker): string {
  const c = masker.needsMasking(JSON.stringify(input)) ? buildCatalogue({ ...masker.json(input), masked: NOTE }) : buildCatalogue(input);
  return serializeCatalogue(c);
}

function rng(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** Every string slot of `v` (values and keys), as setters that plant `text` there. */
function slots(v: unknown, out: ((text: string) => void)[] = []): ((text: string) => void)[] {
  if (Array.isArray(v)) v.forEach((x, i) => (typeof x === 'string' ? out.push((t) => (v[i] = `${x} ${t}`)) : slots(x, out)));
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const x = o[k];
      if (typeof x === 'string') out.push((t) => (o[k] = `${x} ${t}`));
      else slots(x, out);
      // A renamed identity key would make the entity invalid, which both paths refuse alike.
      if (!['name', 'uri', 'uriTemplate'].includes(k))
        out.push((t) => {
          o[`${k}${t}`] = o[k];
          delete o[k];
        });
    }
  }
  return out;
}

const LITERAL = 'tok-9f8e7d6c5b4a';
const PLANTS = [
  LITERAL,
  `Bearer ${LITERAL}`,
  'sk-abcdefghijklmnop1234',
  'ghp_abcdefghijklmnopqrstuvwx',
  'AKIAABCDEFGHIJKLMNOP',
  'Bearer scheme',
  'nothing secret',
];

test('catalogueOf masks exactly when a search of the whole serialised input would (generated catalogues, secrets planted anywhere)', () => {
  const next = rng(7);
  let masked = 0;
  for (let round = 0; round < 60; round++) {
    const input: RawCatalogueInput = {
      tools: scaleTools(3 + Math.floor(next() * 6), { changed: round % 3 }),
      prompts: [{ name: 'p', description: 'a prompt', arguments: [{ name: 'a', required: true }] }],
      resources: [{ uri: 'file:///r', name: 'r', mimeType: 'text/plain' }],
      resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 't' }],
      instructions: 'Use these tools.',
      server: { name: 'gen', version: '1' },
      protocolVersion: '2026-07-28',
    };
    const places = slots(input);
    for (let k = Math.floor(next() * 3); k > 0; k--) places[Math.floor(next() * places.length)]!(PLANTS[Math.floor(next() * PLANTS.length)]!);
    for (const masker of [new Masker([LITERAL]), new Masker([])]) {
      const want = wholeText(structuredClone(input), masker);
      const got = serializeCatalogue(catalogueOf(structuredClone(input), masker));
      assert.equal(got, want, `round ${round}`);
      if (want.includes('"masked"')) masked++;
    }
  }
  assert.ok(masked > 10, `some rounds planted a secret that was masked (${masked})`);
});

test('a secret JSON escapes (quote, backslash) echoed by the server is masked in the catalogue', () => {
  for (const secret of ['pa"ss-word-1', 'C:\\keys\\prod-1', 'line\tbreak-1']) {
    const masker = new Masker([secret]);
    const input: RawCatalogueInput = { tools: [{ name: 'echo', description: `uses ${secret} to log in`, inputSchema: { type: 'object' } }] };
    const c = catalogueOf(input, masker);
    assert.equal(c.masked, NOTE, secret);
    assert.equal(c.tools[0]!.description, 'uses *** to log in');
    assert.ok(!serializeCatalogue(c).includes(JSON.stringify(secret).slice(1, -1)), 'the snapshot text does not hold the secret');
    // A catalogue with nothing of the secret in it is not marked.
    assert.equal(catalogueOf({ tools: [{ name: 'x', description: 'clean' }] }, masker).masked, undefined);
  }
});
