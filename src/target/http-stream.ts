import { request, type Dispatcher } from './undici.js';
import { parseBounded } from '../core/json-depth.js';
import { createParser } from 'eventsource-parser';
import { TransportError, toTransportError } from './errors.js';
import { Deadline } from './deadline.js';
import { standardHeaders, type JsonRpcRequest } from './envelope.js';
import type { WireRecorder } from './recorder.js';
import { MessageStream, type StreamOptions } from './stream.js';
import { flatHeaders } from './flat-headers.js';
import type { HeldChunk, ListenAhead } from './http-head-start.js';

export interface HttpStreamDeps {
  url: string;
  /** Runs the request on the pool, once more on a fresh connection after a silent reset when that is safe (reset-retry.ts). */
  send: (attempt: (d: Dispatcher) => Promise<Dispatcher.ResponseData>, record: (cause: string) => void) => Promise<Dispatcher.ResponseData>;
  userHeaders?: Record<string, string>;
  recorder: WireRecorder;
  maxBodyBytes: number;
  /** The same request (body and headers) sent before the checks loaded, if there is one: adopted instead of sending. */
  adopt?: (body: string, headers: Record<string, string>) => ListenAhead | undefined;
}

/**
 * One POST whose response stream stays open: every SSE event is recorded and handed to the stream as it arrives.
 * Closing the stream aborts the request, which is the cancellation on Streamable HTTP (DIGEST §b HTTP, CANCEL).
 */
export function openHttpStream(d: HttpStreamDeps, msg: JsonRpcRequest, o: StreamOptions): MessageStream {
  const headers: Record<string, string> = { ...standardHeaders(msg), ...d.userHeaders };
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === k.toLowerCase()) delete headers[existing];
    if (v !== null) headers[k] = v;
  }
  const body = JSON.stringify(msg);
  // Sent before the checks loaded (http-head-start.ts): recorded and timed from when it went out, its messages by when they arrived.
  const early = d.adopt?.(body, headers);
  const s = new MessageStream(msg, o.phase, early?.sentAt);
  const sent = (retry?: { of: number; cause: string }) =>
    d.recorder.record({
      from: 'harness',
      channel: 'http',
      phase: o.phase,
      http: { method: 'POST', url: d.url, headers },
      json: msg,
      ...(retry ? { retry } : {}),
      ...(early ? { at: early.sentAt } : {}),
    });
  s.evidence.push(sent());
  const ctl = new AbortController();
  let ours = false;
  s.onClose(() => {
    ours = true;
    const reason = new TransportError('aborted', 'stream closed by the client');
    ctl.abort(reason);
    early?.cancel(reason);
  });
  // Our time running out closes the stream as `deadline`; the run stopping closes it plainly.
  const deadline = new Deadline(o.timeoutMs, 'end of stream', o.signal);
  deadline.onExpire(() => void s.close(deadline.timedOut ? 'deadline' : 'closed'));

  void (async () => {
    try {
      const { res, chunks } = early
        ? await early.response
        : await d
            .send(
              (dispatcher) =>
                request(d.url, {
                  method: 'POST',
                  headers,
                  body,
                  signal: ctl.signal,
                  dispatcher,
                  headersTimeout: o.timeoutMs,
                  bodyTimeout: o.timeoutMs,
                }),
              (cause) => s.evidence.push(sent({ of: s.evidence[0]!, cause })),
            )
            .then((r) => ({ res: r, chunks: untimed(r.body) }));
      const h = flatHeaders(res.headers);
      const contentType = h['content-type'] ?? '';
      s.http = { status: res.statusCode, headers: h, contentType, sse: /^text\/event-stream/i.test(contentType) };
      const record = (json: unknown, text: string, at: number | undefined) =>
        d.recorder.record({
          from: 'server',
          channel: 'http',
          phase: o.phase,
          http: { status: res.statusCode, headers: h },
          ...(json === undefined ? { text } : { json, text }),
          ...(at !== undefined ? { at } : {}),
        });
      if (s.http.sse) await readEvents(res, chunks, s, record, d.maxBodyBytes);
      else await readJson(chunks, s, record, d.maxBodyBytes);
      s.finish('server-closed');
    } catch (e) {
      // Our own close already ended the stream (closed or deadline); anything else is the wire failing.
      if (!ours) s.finish('failure', toTransportError(e, { url: d.url }));
    } finally {
      deadline.dispose();
    }
  })();
  return s;
}

type Record_ = (json: unknown, text: string, at: number | undefined) => number;

/** A body read as it comes (each message timed when it is read). */
async function* untimed(body: Dispatcher.ResponseData['body']): AsyncIterable<{ chunk: Buffer; at?: number }> {
  for await (const chunk of body) yield { chunk: chunk as Buffer };
}

async function readEvents(
  res: Dispatcher.ResponseData,
  chunks: AsyncIterable<HeldChunk | { chunk: Buffer; at?: number }>,
  s: MessageStream,
  record: Record_,
  max: number,
): Promise<void> {
  let bytes = 0;
  let at: number | undefined;
  const parser = createParser({
    onEvent: (ev) => {
      const json = parse(ev.data);
      s.push({ seq: record(json, ev.data, at), message: json ?? ev.data, via: 'stream' }, at);
    },
  });
  for await (const c of chunks) {
    bytes += c.chunk.length;
    if (bytes > max) throw new TransportError('too-large', `event stream exceeded ${max} bytes`);
    at = c.at;
    parser.feed(c.chunk.toString('utf8'));
    // The final response ends the request; the rest of the stream is not ours to wait for.
    if (s.ended) {
      res.body.destroy();
      return;
    }
  }
}

async function readJson(chunks: AsyncIterable<HeldChunk | { chunk: Buffer; at?: number }>, s: MessageStream, record: Record_, max: number): Promise<void> {
  let text = '';
  let at: number | undefined;
  for await (const c of chunks) {
    text += c.chunk.toString('utf8');
    at = c.at;
    if (text.length > max) throw new TransportError('too-large', `response body exceeded ${max} bytes`);
  }
  const json = parse(text);
  s.push({ seq: record(json, text, at), message: json ?? text, via: 'stream' }, at);
}

function parse(text: string): unknown {
  try {
    return text.length ? parseBounded(text) : undefined;
  } catch {
    return undefined;
  }
}
