/**
 * Cost of validating one typical tools/list response (20 tools) with our wire model.
 * Run: node --import tsx test/spec/measure-tools-list.ts   (not a test: prints numbers only)
 */
import { performance } from 'node:perf_hooks';
import { META } from '../../src/spec/constants.js';
import { validateServerMessage } from '../../src/spec/wire/index.js';

function tool(i: number): Record<string, unknown> {
  return {
    name: `tool_${i}`,
    title: `Tool ${i}`,
    description: `Does thing number ${i} on the given record and returns a summary of what changed.`,
    icons: [{ src: `https://example.com/icons/${i}.png`, mimeType: 'image/png', sizes: ['48x48'] }],
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Record id' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        tags: { type: 'array', items: { type: 'string' } },
        mode: { type: 'string', enum: ['fast', 'thorough'] },
      },
      required: ['id'],
      additionalProperties: false,
    },
    ...(i % 2 === 0 ? { outputSchema: { type: 'object', properties: { changed: { type: 'integer' } }, required: ['changed'] } } : {}),
    annotations: { readOnlyHint: i % 3 === 0, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

const message = {
  jsonrpc: '2.0',
  id: 42,
  result: {
    resultType: 'complete',
    tools: Array.from({ length: 20 }, (_, i) => tool(i)),
    ttlMs: 60000,
    cacheScope: 'public',
    _meta: { [META.serverInfo]: { name: 'bench-server', version: '1.0.0' } },
  },
};

const t0 = performance.now();
const first = validateServerMessage(message, { requestMethod: 'tools/list' });
const firstMs = performance.now() - t0;
if (first.length > 0) throw new Error(`the sample must be valid: ${JSON.stringify(first)}`);

for (let i = 0; i < 2000; i++) validateServerMessage(message, { requestMethod: 'tools/list' });
const rounds = 20000;
const start = performance.now();
for (let i = 0; i < rounds; i++) validateServerMessage(message, { requestMethod: 'tools/list' });
const perCallUs = ((performance.now() - start) * 1000) / rounds;

console.log(`first call (lazy compile + validate): ${firstMs.toFixed(1)} ms`);
console.log(`tools/list with 20 tools, ${JSON.stringify(message).length} bytes: ${perCallUs.toFixed(1)} µs per validation (${rounds} rounds)`);
