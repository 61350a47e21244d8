/**
 * Whether a URL that answered no handshake is an endpoint of the deprecated HTTP+SSE transport (2024-11-05): a GET
 * opens an event stream whose `endpoint` event names the URL to POST messages to. Such a server is not Streamable
 * HTTP, so the run cannot judge it; saying so beats "no known handshake".
 */
import type { HttpTargetSpec } from '../core/target-spec.js';
import { probeHttp } from './http-probe.js';
import type { WireRecorder } from './recorder.js';

const ENDPOINT_EVENT = /(?:^|\n)event:[ \t]*endpoint[ \t]*\r?\n(?:[^\r\n]*\r?\n)*?data:[ \t]?([^\r\n]*)/;

/** The message endpoint the stream names, or undefined when the URL does not answer as an HTTP+SSE endpoint. */
export async function sseEndpointOf(target: HttpTargetSpec, recorder: WireRecorder, w: { timeoutMs: number; readMs: number }): Promise<string | undefined> {
  const r = await probeHttp(target, recorder, {
    method: 'GET',
    headers: { accept: 'text/event-stream' },
    phase: 'probe',
    timeoutMs: w.timeoutMs,
    // The endpoint event is the first thing such a stream sends; the stream itself never ends.
    endWithinMs: w.readMs,
    maxBytes: 16 * 1024,
  });
  if (!r.sse) return undefined;
  return ENDPOINT_EVENT.exec(r.bodyText)?.[1]?.trim();
}

/** Why the run stops at such a URL, and where to point it instead. */
export function sseEndpointReason(endpoint: string): string {
  return (
    `this URL serves the deprecated HTTP+SSE transport (2024-11-05): a GET opened an event stream whose endpoint event names ${JSON.stringify(endpoint.slice(0, 200))} ` +
    'for messages. mcp-assay tests Streamable HTTP (2025-03-26 and later) and stdio: point it at the Streamable HTTP endpoint if the server has one (often /mcp), or run the server over stdio'
  );
}
