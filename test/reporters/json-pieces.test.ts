/**
 * The JSON report written in pieces (a 5,000-tool report is about 7 MB of text) must be the very text `render` gives:
 * the same indentation at every depth, the same members left out or written as null, the same escapes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Report } from '../../src/core/types.js';
import { render, renderPieces } from '../../src/reporters/json.js';
import { writeReports } from '../../src/cli/output.js';
import { tempDir } from '../support/temp-dir.js';
import { fixtureReport, HOSTILE } from './fixture-report.js';

const joined = (r: Report): { text: string; pieces: number } => {
  const pieces = [...renderPieces(r)];
  return { text: pieces.join(''), pieces: pieces.length };
};

/** A report with what JSON.stringify treats specially at every level the pieces walk, and below. */
function awkward(): Report {
  const r = fixtureReport() as unknown as Record<string, unknown>;
  const target = (r.targets as Record<string, unknown>[])[0] as Record<string, unknown>;
  const odd = {
    gone: undefined,
    fn: () => 1,
    sym: Symbol('s'),
    list: [undefined, () => 1, Symbol('t'), null, [], {}, [[]], [{}]],
    date: new Date(Date.UTC(2026, 7, 1)),
    toJSON_member: { toJSON: () => ({ as: 'written by toJSON' }) },
    nothing_from_toJSON: { toJSON: () => undefined },
    boxed: Object('boxed') as unknown,
    bare: Object.assign(Object.create(null) as object, { b: 1, a: [1, { c: '\u2028 \u200b \u007f \ufeff é ☃ 𝄞' }] }),
    'key "quoted" \n\u202e': HOSTILE,
    empty: {},
    none: [],
  };
  Object.assign(r, odd, { deeper: { once: odd, twice: { thrice: odd } } });
  Object.assign(target, odd, { wire: [...((target.wire as unknown[]) ?? []), odd, undefined, [odd]] });
  // Own `__proto__` keys, as a server's JSON may carry them.
  r.proto = JSON.parse('{"__proto__":{"x":1},"a":[{"__proto__":2}]}') as unknown;
  return r as unknown as Report;
}

describe('the JSON report in pieces', () => {
  it('joins to exactly what render writes, whatever the members hold', () => {
    for (const r of [fixtureReport(), awkward()]) assert.equal(joined(r).text, render(r));
    const empty = { targets: [], summary: {} } as unknown as Report;
    assert.equal(joined(empty).text, render(empty));
  });

  it('writes a large report in pieces that each stay small', () => {
    const r = fixtureReport() as unknown as { targets: { wire: unknown[] }[] };
    const entry = r.targets[0]!.wire[0];
    r.targets[0]!.wire = Array.from({ length: 20_000 }, (_, i) => ({ ...(entry as object), seq: i, note: `é ${'x'.repeat(i % 50)} \u200b` }));
    const { text, pieces } = joined(r as unknown as Report);
    assert.equal(text, render(r as unknown as Report));
    assert.ok(pieces > 10, `${pieces} pieces`);
    for (const piece of renderPieces(r as unknown as Report)) assert.ok(piece.length < 600_000, `a piece of ${piece.length} characters`);
  });

  it('is what --json writes to its file', async () => {
    const dir = tempDir('json-pieces-');
    const file = path.join(dir, 'nested', 'report.json');
    const r = awkward();
    assert.deepEqual(await writeReports(r, { json: file }), [file]);
    assert.equal(readFileSync(file, 'utf8'), render(r));
  });
});
