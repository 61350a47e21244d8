import { Masker, secretsInvoked } from '../core/mask.js';
import { startupMs } from '../core/timeouts.js';
import type { TargetSpec } from '../core/target-spec.js';
import type { ToolSpec } from '../core/provider.js';
import type { ServerIdentity } from '../core/types.js';
import type { ToolExecutor } from '../evals/loop.js';
import { McpClient, describe, errorOf, resultOf } from '../target/client.js';
import type { JsonObject } from '../target/envelope.js';
import { LegacySession } from '../target/legacy-session.js';
import { probeEra } from '../target/probe.js';
import { WireRecorder } from '../target/recorder.js';
import { openTransport } from '../target/open.js';
import type { Exchange, Transport } from '../target/transport.js';
import { describeTarget } from './run-target.js';
import { field } from '../spec/read.js';

/** A live connection for an eval: the same clients as `check`, modern or 2025-era, kept open for the tool calls. */
export interface EvalServer {
  display: string;
  era: string;
  server?: ServerIdentity;
  tools: ToolSpec[];
  /** Raw tool entries, for annotations (write safety). */
  annotations: Map<string, JsonObject | undefined>;
  executor: ToolExecutor;
  close(): Promise<void>;
}

export class EvalTargetError extends Error {
  override name = 'EvalTargetError';
}

const MAX_PAGES = 50;

export async function openEvalServer(spec: TargetSpec, o: { timeoutMs: number; startupTimeoutMs: number }): Promise<EvalServer> {
  const masker = new Masker();
  for (const v of Object.values(spec.kind === 'http' ? (spec.headers ?? {}) : {})) masker.add(v);
  for (const v of secretsInvoked(spec.kind === 'http' ? { url: spec.url } : { args: spec.args })) masker.add(v);
  const recorder = new WireRecorder(masker);
  const display = describeTarget(spec, masker).display;
  const transport = openTransport(spec, recorder);
  const client = new McpClient(transport, recorder, { timeoutMs: o.timeoutMs, phase: 'eval' });
  const startup = startupMs(o);
  let legacy: LegacySession | undefined;
  const closeAll = async () => {
    await Promise.allSettled([transport.close(), legacy?.close()]);
  };
  try {
    const probe = await probeEra(client, startup);
    if (probe.unreachable) throw new EvalTargetError(`${display}: ${probe.unreachable}`);
    let send: (method: string, params: JsonObject) => Promise<Exchange>;
    let live: Transport = transport;
    if (probe.era === 'legacy') {
      // A 2025-era server gets its own initialized session; the probe's connection is closed.
      await transport.close();
      legacy = await LegacySession.open(spec, recorder, { phase: 'eval', timeoutMs: o.timeoutMs, startupTimeoutMs: startup });
      if (!legacy.ready) throw new EvalTargetError(`${display}: the 2025-era handshake failed: ${describe(legacy.init)}`);
      const s = legacy;
      send = (m, p) => s.request(m, p);
      live = s.transport;
    } else send = (m, p) => client.request(m, p, { phase: 'eval' });
    const items: unknown[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const ex = await send('tools/list', cursor ? { cursor } : {});
      const r = resultOf(ex);
      if (!r || !Array.isArray(r.tools)) throw new EvalTargetError(`${display}: tools/list did not answer with a list (${describe(ex)})`);
      items.push(...(r.tools as unknown[]));
      if (typeof r.nextCursor !== 'string' || !r.nextCursor) break;
      cursor = r.nextCursor;
    }
    const tools: ToolSpec[] = [];
    const annotations = new Map<string, JsonObject | undefined>();
    for (const t of items) {
      if (!t || typeof t !== 'object' || typeof field(t, 'name') !== 'string') continue;
      const x = t as JsonObject;
      const schema =
        x.inputSchema && typeof x.inputSchema === 'object' && !Array.isArray(x.inputSchema) ? (x.inputSchema as Record<string, unknown>) : { type: 'object' };
      tools.push({ name: x.name as string, ...(typeof x.description === 'string' ? { description: x.description } : {}), inputSchema: schema });
      annotations.set(x.name as string, x.annotations && typeof x.annotations === 'object' ? (x.annotations as JsonObject) : undefined);
    }
    const executor: ToolExecutor = {
      async call(name, args) {
        if (live.deadReason !== undefined) return { text: '', isError: true, latencyMs: 0, failure: `the server stopped answering (${live.deadReason})` };
        const ex = await send('tools/call', { name, arguments: args });
        return resultText(ex, live);
      },
    };
    return { display, era: probe.era, ...(probe.server ? { server: probe.server } : {}), tools, annotations, executor, close: closeAll };
  } catch (e) {
    await closeAll();
    throw e;
  }
}

/** A tools/call exchange as the text a model reads; transport failures are `failure` (infrastructure), not results. */
function resultText(ex: Exchange, t: Transport): { text: string; isError: boolean; latencyMs: number; failure?: string } {
  const latencyMs = Math.round(ex.durationMs);
  if (ex.failure) return { text: '', isError: true, latencyMs, failure: t.deadReason ? `the server stopped answering (${t.deadReason})` : ex.failure.message };
  const err = errorOf(ex);
  if (err) return { text: `Error ${String(err.code)}: ${String(err.message)}`, isError: true, latencyMs };
  const r = resultOf(ex);
  if (!r) return { text: '', isError: true, latencyMs, failure: describe(ex) };
  const parts: string[] = [];
  if (Array.isArray(r.content))
    for (const b of r.content) {
      const block = b as JsonObject;
      if (block?.type === 'text' && typeof block.text === 'string') parts.push(block.text);
      else parts.push(JSON.stringify(block));
    }
  if (!parts.length && r.structuredContent !== undefined) parts.push(JSON.stringify(r.structuredContent));
  if (!parts.length) parts.push(JSON.stringify(r));
  return { text: parts.join('\n'), isError: r.isError === true, latencyMs };
}
