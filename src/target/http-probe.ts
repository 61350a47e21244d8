import { Agent, request, type Dispatcher } from './undici.js';
import { parseBounded } from '../core/json-depth.js';
import { createParser } from 'eventsource-parser';
import type { HttpTargetSpec } from '../core/target-spec.js';
import { toTransportError, type TransportError } from './errors.js';
import { Deadline, withDeadline } from './deadline.js';
import type { JsonObject } from './envelope.js';
import type { WireRecorder } from './recorder.js';
import { flatHeaders } from './flat-headers.js';
import { StringDecoder } from 'node:string_decoder';

export interface HttpProbeRequest {
  method: string;
  /** Sent as given, over the user's headers (Host and Origin may be forged on purpose). */
  headers: Record<string, string>;
  body?: string;
  phase: string;
  /** Until the response headers arrive and, on an event stream, until the final response arrives. */
  timeoutMs: number;
  /** How long the body may take to end: after the headers (plain body) or after the final response (SSE). */
  endWithinMs: number;
  /** The JSON-RPC id whose response is final on an event stream. */
  id?: string | number;
  maxBytes?: number;
}

export interface HttpProbeResponse {
  status?: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  sse: boolean;
  /** SSE events, parsed as JSON where they are JSON (raw text otherwise). Empty for a plain body. */
  events: unknown[];
  /** The response to `id` on an event stream, or the JSON-RPC response of a plain body. */
  final?: JsonObject;
  bodyText: string;
  /** The body ended within `endWithinMs` (an endless stream was cut instead). */
  ended: boolean;
  failure?: TransportError;
  evidence: number[];
}

const DEFAULT_MAX = 256 * 1024;

/**
 * One HTTP exchange read with bounds, for transport checks that need what the pooled transport hides: the status of
 * a response whose body never ends (a GET stream), or whether an event stream ends after its final response.
 * A private connection is used and destroyed, so a stream left open never holds up the run.
 */
export async function probeHttp(target: Pick<HttpTargetSpec, 'url' | 'headers'>, recorder: WireRecorder, o: HttpProbeRequest): Promise<HttpProbeResponse> {
  const headers = { ...target.headers, ...o.headers };
  const out: HttpProbeResponse = { headers: {}, sse: false, events: [], bodyText: '', ended: false, evidence: [] };
  out.evidence.push(
    recorder.record({
      from: 'harness',
      channel: 'http',
      phase: o.phase,
      http: { method: o.method, url: target.url, headers },
      ...(o.body !== undefined ? { text: o.body } : {}),
    }),
  );
  const agent = new Agent({ connections: 1, pipelining: 0 });
  // The body's own time: after it passes the body is destroyed, which ends the reading below (a cut, not a failure).
  let bodyWindow: Deadline | undefined;
  try {
    const res = await withDeadline(
      (signal) =>
        request(target.url, {
          method: o.method,
          headers,
          ...(o.body !== undefined ? { body: o.body } : {}),
          signal,
          dispatcher: agent,
          headersTimeout: o.timeoutMs,
          bodyTimeout: 0,
        }),
      o.timeoutMs,
      'answer',
    );
    out.status = res.statusCode;
    out.headers = flatHeaders(res.headers);
    out.sse = /^text\/event-stream/i.test(out.headers['content-type'] ?? '');
    // Events on a stream are messages; the plain body answering a GET or DELETE is not (the verb checks judge it).
    const record = (json: unknown, text: string, notMessage = false) =>
      out.evidence.push(
        recorder.record(
          {
            from: 'server',
            channel: 'http',
            phase: o.phase,
            http: { status: res.statusCode, headers: out.headers },
            ...(json === undefined ? { text } : { json, text }),
          },
          { notMessage },
        ),
      );
    let cut = false;
    const arm = (ms: number) => {
      bodyWindow?.dispose();
      bodyWindow = new Deadline(ms, 'end of body');
      bodyWindow.onExpire(() => {
        cut = true;
        res.body.destroy();
      });
    };
    // A stream answering a request gets the full timeout to deliver its response; anything else only endWithinMs.
    arm(out.sse && o.id !== undefined ? o.timeoutMs : o.endWithinMs);
    const parser = createParser({
      onEvent: (ev) => {
        const json = parseJson(ev.data);
        record(json, ev.data);
        out.events.push(json ?? ev.data);
        if (!out.final && isResponse(json) && (o.id === undefined || json.id === o.id)) {
          out.final = json;
          arm(o.endWithinMs);
        }
      },
    });
    const complete = await readAll(res.body, o.maxBytes ?? DEFAULT_MAX, (chunk) => {
      out.bodyText += chunk;
      if (out.sse) parser.feed(chunk);
    });
    out.ended = complete && !cut;
    if (!out.sse && out.bodyText.length) {
      const json = parseJson(out.bodyText);
      record(json, out.bodyText, o.method !== 'POST');
      if (isResponse(json)) out.final = json;
    } else if (!out.sse) record(undefined, '');
  } catch (e) {
    out.failure = toTransportError(e, { url: target.url });
  } finally {
    bodyWindow?.dispose();
    await agent.destroy().catch(() => undefined);
  }
  return out;
}

/** Reads a body to its end (true), or until it is destroyed or grows past `max` (false). */
async function readAll(body: Dispatcher.ResponseData['body'], max: number, onChunk: (s: string) => void): Promise<boolean> {
  let bytes = 0;
  // One decoder for the whole body, so a character split between two chunks is not garbled.
  const text = new StringDecoder('utf8');
  try {
    for await (const c of body) {
      bytes += (c as Buffer).length;
      onChunk(text.write(c as Buffer));
      if (bytes > max) {
        body.destroy();
        return false;
      }
    }
    const rest = text.end();
    if (rest) onChunk(rest);
    return true;
  } catch {
    return false;
  }
}

function parseJson(text: string): unknown {
  try {
    return parseBounded(text);
  } catch {
    return undefined;
  }
}

function isResponse(v: unknown): v is JsonObject {
  return !!v && typeof v === 'object' && !Array.isArray(v) && ('result' in v || 'error' in v) && !('method' in v);
}
