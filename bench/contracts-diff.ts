/**
 * Times `diffCatalogues` on two generated 500-tool catalogues (the budget: under 1 s).
 * Run: node --import tsx bench/contracts-diff.ts [tools] [runs]
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildCatalogue, type Catalogue } from '../src/contracts/catalogue/catalogue.js';
import { diffCatalogues } from '../src/contracts/diff/diff.js';

const NOUNS = ['order', 'invoice', 'customer', 'ticket', 'project', 'report', 'asset', 'shipment', 'contract', 'invoice_line'];
const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'archive', 'export', 'approve', 'assign'];

/** A deterministic pseudo-random sequence (LCG), so both catalogues are the same on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function makeTool(i: number, rand: () => number): Record<string, unknown> {
  const verb = VERBS[i % VERBS.length] as string;
  const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length] as string;
  const write = !['get', 'list', 'search', 'export'].includes(verb);
  const props: Record<string, unknown> = {
    id: { type: 'string', description: `Id of the ${noun}` },
    status: { type: 'string', enum: ['open', 'pending', 'closed', 'archived'], description: 'Status filter' },
    limit: { type: 'integer', minimum: 1, maximum: 100 + (i % 5) * 50, description: 'Maximum results' },
    tags: { type: 'array', items: { type: 'string', maxLength: 40 }, description: 'Tags to match' },
    filter: {
      type: 'object',
      description: 'Structured filter',
      properties: {
        created_after: { type: 'string', format: 'date-time' },
        owner: { type: 'object', properties: { id: { type: 'string' }, team: { type: 'string', enum: ['a', 'b', 'c'] } }, required: ['id'] },
      },
    },
  };
  for (let k = 0; k < Math.floor(rand() * 6); k++) props[`extra_${k}`] = { type: rand() < 0.5 ? 'string' : 'number', description: `Extra field ${k}` };
  return {
    name: `${verb}_${noun}_${i}`,
    title: `${verb} ${noun} ${i}`,
    description: `${verb[0]?.toUpperCase()}${verb.slice(1)} a ${noun} record (variant ${i}); returns the ${noun} with its status and owner.`,
    inputSchema: { type: 'object', properties: props, required: ['id'], $defs: { money: { type: 'number', minimum: 0 } } },
    outputSchema: {
      type: 'object',
      properties: { id: { type: 'string' }, status: { type: 'string' }, total: { $ref: '#/$defs/money' } },
      required: ['id', 'status'],
      $defs: { money: { type: 'number' } },
    },
    annotations: { readOnlyHint: !write, destructiveHint: verb === 'delete', idempotentHint: verb !== 'create', openWorldHint: false },
  };
}

/** Touch about one tool in ten, across every change kind the diff knows. */
function mutate(tools: Record<string, unknown>[], rand: () => number): Record<string, unknown>[] {
  const out = structuredClone(tools);
  out.forEach((t, i) => {
    if (i % 10 !== 3) return;
    const input = t.inputSchema as { properties: Record<string, Record<string, unknown>>; required: string[] };
    const ann = t.annotations as Record<string, boolean>;
    switch (Math.floor(rand() * 8)) {
      case 0:
        input.properties.region = { type: 'string' };
        input.required.push('region');
        break;
      case 1:
        (input.properties.status as { enum: string[] }).enum.pop();
        break;
      case 2:
        ann.readOnlyHint = false;
        ann.destructiveHint = true;
        break;
      case 3:
        t.description = `${String(t.description)} Prefer this tool for bulk work.`;
        break;
      case 4:
        delete (t.outputSchema as { properties: Record<string, unknown> }).properties.status;
        break;
      case 5:
        (input.properties.limit as Record<string, unknown>).maximum = 10;
        break;
      case 6:
        t.name = `${String(t.name)}_v2`;
        break;
      default:
        (input as Record<string, unknown>).additionalProperties = false;
    }
  });
  return out.filter((_, i) => i % 97 !== 5);
}

export function generateCatalogues(count = 500): { before: Catalogue; after: Catalogue } {
  const rand = rng(42);
  const tools = Array.from({ length: count }, (_, i) => makeTool(i, rand));
  const changed = mutate(tools, rand);
  for (let k = 0; k < 5; k++) changed.push(makeTool(count + k, rand));
  return { before: buildCatalogue({ tools }), after: buildCatalogue({ tools: changed }) };
}

export function timeDiff(count = 500, runs = 7): { medianMs: number; runsMs: number[]; changes: number } {
  const { before, after } = generateCatalogues(count);
  let changes = 0;
  const runsMs: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    changes = diffCatalogues(before, after).length;
    runsMs.push(performance.now() - t0);
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)] as number, runsMs, changes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number(process.argv[2] ?? 500);
  const runs = Number(process.argv[3] ?? 7);
  const r = timeDiff(count, runs);
  console.log(`diffCatalogues: ${count} vs ${count} tools, ${r.changes} changes`);
  console.log(`runs (ms): ${r.runsMs.map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`median: ${r.medianMs.toFixed(1)} ms (budget 1000 ms)`);
}
