/**
 * The floor of a check run over HTTP: the same round trips, replayed with bare undici (no envelope, no recorder, no
 * checking), 8 at a time, the listen streams held open for the same window. Run as its own process by the bench:
 *   node dist/bench/speed/replay.js <report.json> [--window-ms 1000] [--parallel 8]
 */
import { Agent, request } from 'undici';
import { traceFromReport, type TracedRequest } from './trace.js';

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : def;
}

const file = process.argv[2];
if (!file) throw new Error('usage: replay.js <report.json> [--window-ms 1000] [--parallel 8]');
const windowMs = Number(arg('window-ms', '1000'));
const parallel = Number(arg('parallel', '8'));
const agent = new Agent({ connections: parallel * 2, keepAliveTimeout: 10_000 });

async function send(r: TracedRequest): Promise<void> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), r.listen === 'window' ? windowMs : 10_000);
  try {
    const res = await request(r.url, { method: r.method as 'POST', headers: r.headers, body: r.body ?? null, dispatcher: agent, signal: abort.signal });
    if (r.listen === 'first-event') {
      for await (const _ of res.body) break;
      res.body.destroy();
    } else await res.body.dump({ limit: Number.MAX_SAFE_INTEGER, signal: abort.signal }).catch(() => undefined);
  } catch {
    // An aborted window or a refused request is a finished round trip here.
  } finally {
    clearTimeout(timer);
  }
}

const trace = traceFromReport(file);
// The windows start first, as in the run; the rest follow in recorded order.
const queue = [...trace.filter((r) => r.listen), ...trace.filter((r) => !r.listen)];
let next = 0;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (next < queue.length) await send(queue[next++]!);
  }),
);
// Keep-alive sockets would hold the process open: the run is over once every round trip is.
await agent.destroy();
