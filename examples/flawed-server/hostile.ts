/** Bodies for the hostile faults, shared by both transports. */
import type { JsonRpcId } from './rpc.js';

export const HUGE_BODY_BYTES = 50 * 1024 * 1024;
const CHUNK = 'x'.repeat(64 * 1024);

/**
 * A valid but ~50 MB tools/list response, as chunks: one tool whose description is the bulk.
 * Streamed so the server never holds it in memory; a harness must cap what it reads.
 */
export function* hugeToolsList(id: JsonRpcId): Generator<string> {
  yield (
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"resultType":"complete","ttlMs":0,"cacheScope":"private","tools":[` +
    '{"name":"bloat","inputSchema":{"type":"object"},"description":"'
  );
  for (let sent = 0; sent < HUGE_BODY_BYTES; sent += CHUNK.length) yield CHUNK;
  yield '"}]}}';
}

/** Writes chunks through a backpressure-aware sink; stops early when `alive()` turns false. */
export async function pump(chunks: Iterable<string>, write: (chunk: string) => boolean, waitDrain: () => Promise<void>, alive: () => boolean): Promise<void> {
  for (const chunk of chunks) {
    if (!alive()) return;
    if (!write(chunk)) await waitDrain();
  }
}
