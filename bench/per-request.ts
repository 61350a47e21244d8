/**
 * Per-request cost of mcp-assay's HTTP client (envelope, recorder, masking, wire audit) against a bare undici POST of
 * the same bytes to the same server. Usage:
 *   node dist/bench/per-request.js [--url URL] [--n 2000] [--mode both|assay|bare]
 * Without --url it starts the bundled support-desk example in-process. `both` interleaves rounds and prints the ratio;
 * `assay` / `bare` run one side only (for timing whole processes side by side).
 */
import { Agent, request } from 'undici';
import { McpClient } from '../src/target/client.js';
import { HttpTransport } from '../src/target/http.js';
import { WireRecorder } from '../src/target/recorder.js';
import { WireAudit } from '../src/target/wire-audit.js';
import { buildParams, standardHeaders } from '../src/target/envelope.js';
import { Masker } from '../src/core/mask.js';
import { startSupportDeskHttp } from '../examples/support-desk/http.js';

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : def;
}

const n = Number(arg('n', '2000'));
const mode = arg('mode', 'both');
const started = process.argv.includes('--url') ? undefined : await startSupportDeskHttp({ port: 0 });
const url = started?.url ?? arg('url', '');

const recorder = new WireRecorder(new Masker(), undefined, new WireAudit());
const client = new McpClient(new HttpTransport({ url }, recorder), recorder, { timeoutMs: 10_000 });
const agent = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
let id = 0;

async function viaAssay(): Promise<void> {
  const ex = await client.request('tools/list', {}, { phase: 'bench' });
  if (!ex.response) throw new Error(`no response: ${ex.failure?.message}`);
}

async function bare(): Promise<void> {
  const msg = { jsonrpc: '2.0' as const, id: ++id, method: 'tools/list', params: buildParams({}) };
  const res = await request(url, { method: 'POST', headers: standardHeaders(msg), body: JSON.stringify(msg), dispatcher: agent });
  const body = (await res.body.json()) as { result?: unknown };
  if (!body.result) throw new Error('no result');
}

async function time(f: () => Promise<void>, count: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await f();
  return (performance.now() - t0) / count;
}

await time(viaAssay, 50);
await time(bare, 50);
if (mode === 'assay') console.log(`assay ${(await time(viaAssay, n)).toFixed(1)} ms/request`);
else if (mode === 'bare') console.log(`bare ${(await time(bare, n)).toFixed(1)} ms/request`);
else {
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < 10; round++) {
    a.push(await time(viaAssay, n / 10));
    b.push(await time(bare, n / 10));
  }
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const ratios = a.map((x, i) => x / b[i]!);
  console.log(`requests: ${n} each, tools/list, ${url}`);
  console.log(`mcp-assay client: median ${(med(a) * 1000).toFixed(0)} us/request`);
  console.log(`bare undici:      median ${(med(b) * 1000).toFixed(0)} us/request`);
  console.log(`ratio (paired rounds): median ${med(ratios).toFixed(2)}x, min ${Math.min(...ratios).toFixed(2)}x, max ${Math.max(...ratios).toFixed(2)}x`);
}
await client.transport.close();
await agent.close();
await started?.close();
