/**
 * Snapshot files read tool by tool, a tool whose text another file already had parsed once: the value must be the very
 * one `JSON.parse` of the whole text gives, or the path must stand aside; the catalogues, hashes and diff must be the
 * same as without it; and a hand-edited snapshot must still be refused, with the same message.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { scaleTools } from '../../bench/scale/tools.js';
import { buildCatalogue, CatalogueError, diffCatalogues, parseCatalogue, type Catalogue } from '../../src/contracts/index.js';
import { serializeCatalogue } from '../../src/contracts/catalogue/catalogue-serialize.js';
import { parseSnapshotPieces, SnapshotMemo } from '../../src/contracts/catalogue/snapshot-pieces.js';
import { sample } from '../support/json-sample.js';

/** Tools with awkward members from the JSON sampler (unsorted and index-like keys, `__proto__`, escapes, -0, NaN). */
function awkwardTools(seed: number, n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const tool: Record<string, unknown> = { name: `t${seed}_${i % 7}`, description: `d ${i}\u200b "q" \\ é` };
    Object.defineProperty(tool, 'inputSchema', { value: { type: 'object', x: sample(seed * 31 + i) }, enumerable: true, writable: true, configurable: true });
    if (i % 3 === 0) tool.annotations = { readOnlyHint: i % 2 === 0, z: sample(seed + i) };
    return tool;
  });
}

function snapshots(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const extras = { prompts: [{ name: 'p', arguments: [{ name: 'a' }] }], resources: [{ uri: 'file:///a', name: 'a' }], instructions: 'Use them.' };
  out.push({ name: 'scale 40', text: serializeCatalogue(buildCatalogue({ tools: scaleTools(40) })) });
  out.push({ name: 'scale 40 changed', text: serializeCatalogue(buildCatalogue({ tools: scaleTools(40, { changed: 4 }), ...extras })) });
  out.push({ name: 'one tool', text: serializeCatalogue(buildCatalogue({ tools: scaleTools(1) })) });
  out.push({ name: 'no tools', text: serializeCatalogue(buildCatalogue({ tools: [], ...extras })) });
  for (let seed = 1; seed <= 60; seed++)
    out.push({ name: `awkward ${seed}`, text: serializeCatalogue(buildCatalogue({ tools: awkwardTools(seed, 1 + (seed % 9)) })) });
  out.push({ name: 'masked', text: serializeCatalogue({ ...buildCatalogue({ tools: scaleTools(3) }), masked: 'a secret was masked' }) });
  return out;
}

/** Texts that parse but are not laid out as the writer lays them out, or hide a second `tools`. */
function oddities(text: string): { name: string; text: string }[] {
  const doc = JSON.parse(text) as Record<string, unknown>;
  const firstTool = text.indexOf('\n    {');
  return [
    { name: 'indent 4', text: JSON.stringify(doc, null, 4) },
    { name: 'compact', text: JSON.stringify(doc) },
    { name: 'no final line break', text: text.slice(0, -1) },
    { name: 'a later duplicate tools', text: text.replace(/\n}\n$/, ',\n  "tools": []\n}\n') },
    { name: 'an earlier duplicate tools', text: text.replace('\n  "server": ', '\n  "tools": [],\n  "server": ') },
    { name: 'tools inside server', text: text.replace('\n  "server": {', '\n  "server": {\n  "tools": [\n    {"name": "x"\n    }\n  ],\n  "prompts": [],') },
    { name: 'a broken tool', text: firstTool < 0 ? text : `${text.slice(0, firstTool)}\n    {"name": ${text.slice(firstTool + 6)}` },
    { name: 'a separator in a nested array', text: text.replace('"inputSchema": {', '"inputSchema": {"x": [{"a": 1\n    },\n    {"b": 2}],') },
    { name: 'no comma before tools (not JSON)', text: text.replace(',\n  "tools": [', ' \n  "tools": [') },
    { name: 'no comma after tools (not JSON)', text: text.replace('\n  ],\n  "prompts"', '\n  ] \n  "prompts"') },
    { name: 'a key spelt with an escape', text: text.replace('"name": "', '"n\\u0061me": "') },
  ];
}

const parseOrError = (text: string, file: string, memo?: SnapshotMemo): Catalogue | string => {
  try {
    return parseCatalogue(text, file, memo);
  } catch (e) {
    assert.ok(e instanceof CatalogueError, String(e));
    return e.message;
  }
};

describe('snapshot files read tool by tool', () => {
  it('gives exactly what JSON.parse of the whole text gives, and takes its path for every snapshot with tools', () => {
    for (const { name, text } of snapshots()) {
      const memo = new SnapshotMemo();
      const doc = parseSnapshotPieces(text, memo);
      if (JSON.parse(text).tools.length === 0) assert.equal(doc, undefined, name);
      else assert.deepEqual(doc, JSON.parse(text), name);
      // Read again through the same memo: every tool is found, and the value is still the same.
      if (doc) assert.deepEqual(parseSnapshotPieces(text, memo), JSON.parse(text), `${name}, again`);
    }
  });

  it('stands aside, or still gives the same value, for text laid out otherwise', () => {
    let asideCount = 0;
    for (const { name, text } of snapshots().slice(0, 12)) {
      for (const odd of oddities(text)) {
        let whole: unknown;
        try {
          whole = JSON.parse(odd.text);
        } catch {
          whole = undefined;
        }
        const doc = parseSnapshotPieces(odd.text, new SnapshotMemo());
        if (doc === undefined) asideCount++;
        else assert.deepEqual(doc, whole, `${name}: ${odd.name}`);
      }
    }
    assert.ok(asideCount > 50, `stood aside ${asideCount} times`);
  });

  it('builds the same catalogues and the same diff as reading each file alone', () => {
    const pairs: [string, string][] = [
      [serializeCatalogue(buildCatalogue({ tools: scaleTools(60) })), serializeCatalogue(buildCatalogue({ tools: scaleTools(60, { changed: 6 }) }))],
      [
        serializeCatalogue(buildCatalogue({ tools: awkwardTools(5, 8) })),
        serializeCatalogue(buildCatalogue({ tools: [...awkwardTools(5, 8), ...awkwardTools(6, 3)] })),
      ],
      [serializeCatalogue(buildCatalogue({ tools: scaleTools(20) })), serializeCatalogue(buildCatalogue({ tools: scaleTools(20) }))],
    ];
    for (const [a, b] of pairs) {
      const memo = new SnapshotMemo();
      const [ma, mb] = [parseCatalogue(a, 'a.json', memo), parseCatalogue(b, 'b.json', memo)];
      const [pa, pb] = [parseCatalogue(a, 'a.json'), parseCatalogue(b, 'b.json')];
      assert.deepEqual(ma, pa);
      assert.deepEqual(mb, pb);
      assert.deepEqual(diffCatalogues(ma, mb), diffCatalogues(pa, pb));
      assert.equal(serializeCatalogue(mb), b, 'written back byte for byte');
    }
  });

  it('still refuses a hand-edited snapshot, with the same message', () => {
    const tools = scaleTools(30);
    const a = serializeCatalogue(buildCatalogue({ tools }));
    const edited = tools.map((t, i) => (i === 7 ? { ...t, description: `${t.description} Edited.` } : t));
    const honest = serializeCatalogue(buildCatalogue({ tools: edited }));
    const target = tools[7]!.name;
    // The text of one tool changed, its stored hash kept.
    const editedText = a.replace(tools[7]!.description, `${tools[7]!.description} Edited.`);
    // A tool's text kept as in the other file, its stored hash changed.
    const storedHash = a.replace(/("tools": \{\n\s*"[^"]+": ")sha256:[0-9a-f]{4}/, '$1sha256:0000');
    // The edited tool written with a key out of order and its hash recomputed over that text, not the canonical one.
    const recomputed = (() => {
      const doc = JSON.parse(honest) as { tools: Record<string, unknown>[]; hashes: { tools: Record<string, string> } };
      const i = doc.tools.findIndex((t) => t.name === target);
      const { description, ...rest } = doc.tools[i]!;
      doc.tools[i] = { ...rest, description };
      doc.hashes.tools[target] = `sha256:${createHash('sha256').update(JSON.stringify(doc.tools[i])).digest('hex')}`;
      return `${JSON.stringify(doc, null, 2)}\n`;
    })();
    for (const [name, text] of [
      ['text edited', editedText],
      ['stored hash edited', storedHash],
      ['key order changed', recomputed],
    ] as const) {
      const memo = new SnapshotMemo();
      assert.ok(typeof parseOrError(a, 'a.json', memo) !== 'string');
      const withMemo = parseOrError(text, 'b.json', memo);
      const alone = parseOrError(text, 'b.json');
      assert.deepEqual(withMemo, alone, name);
      assert.ok(
        typeof withMemo === 'string' && /edited by hand or is corrupt/.test(withMemo),
        `${name}: ${typeof withMemo === 'string' ? withMemo : 'accepted'}`,
      );
    }
  });
});
