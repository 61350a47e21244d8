import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyseCatalogue, buildCatalogue, diffCatalogues, serializeCatalogue, parseCatalogue } from '../../src/contracts/index.js';

/** A server controls every byte of its catalogue: wrong types anywhere must give findings, never an exception. */
const WRONG: unknown[] = [42, null, true, [], {}, 'x', [1, 2], { a: { b: null } }, -1, '\u202e'];
const FIELDS = [
  'description',
  'title',
  'annotations',
  'inputSchema',
  'outputSchema',
  'icons',
  '_meta',
  'annotations.readOnlyHint',
  'annotations.title',
  'inputSchema.properties',
  'inputSchema.required',
  'inputSchema.type',
  'inputSchema.properties.q',
  'inputSchema.properties.q.description',
  'inputSchema.properties.q.enum',
  'inputSchema.properties.q.type',
  'inputSchema.$defs',
  'inputSchema.properties.q.$ref',
  'outputSchema.properties',
  'outputSchema.required',
];

function base(): Record<string, unknown> {
  return {
    name: 'search_orders',
    title: 'Search orders',
    description: 'Search the order book by customer name or order number. Read-only; returns up to 20 matches.',
    inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'customer name or order number' } }, required: ['q'] },
    outputSchema: { type: 'object', properties: { orders: { type: 'array' } }, required: ['orders'] },
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
}

function set(o: Record<string, unknown>, path: string, v: unknown): void {
  const keys = path.split('.');
  let cur = o;
  for (const k of keys.slice(0, -1)) {
    if (!cur[k] || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys.at(-1)!] = v;
}

describe('contracts on hostile shapes', () => {
  it('never throws on a wrong type in any tool field', () => {
    const problems: string[] = [];
    for (const field of FIELDS)
      for (const v of WRONG) {
        const tool = base();
        set(tool, field, v);
        try {
          const c = buildCatalogue({ tools: [tool, base()], prompts: [{ name: 'p', description: v, arguments: v }], instructions: 'Use search_orders first.' });
          analyseCatalogue(c);
          diffCatalogues(buildCatalogue({ tools: [base()] }), c);
          parseCatalogue(serializeCatalogue(c), 'x.json');
        } catch (e) {
          problems.push(`${field}=${JSON.stringify(v)}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    assert.deepEqual(problems, []);
  });
});
