import { Agent, request, type Dispatcher } from './undici.js';
import { parseBounded } from '../core/json-depth.js';
import { parseBoundedAsync } from '../core/json-parse-async.js';
import { ParseMemo } from '../core/json-parse-memo.js';
import { createParser } from 'eventsource-parser';
import { floodError, MAX_MESSAGES_PER_EXCHANGE, TransportError, toTransportError } from './errors.js';
import { settlesWithin, withDeadline } from './deadline.js';
import type { CorrelationBreak, Exchange, HttpInfo, SendOptions, Transport } from './transport.js';
import { standardHeaders, type JsonObject, type JsonRpcNotification, type JsonRpcRequest } from './envelope.js';
import type { WireRecorder } from './recorder.js';
import { openHttpStream } from './http-stream.js';
import { flatHeaders } from './flat-headers.js';
import { decodeBody } from './body-text.js';
import { bodyRepeatIsSafe, readOnlyToolNames, repeatIsSafe, watchSockets, withOneRetry } from './reset-retry.js';
import { HEADER } from '../spec/constants.js';
import type { MessageStream, StreamOptions } from './stream.js';
import { claimListensAhead, claimSentAhead, HTTP_POOL, type ListenAhead, type SentAhead } from './http-head-start.js';

export interface RawHttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  phase: string;
  timeoutMs: number;
  /** Leave out the user's headers (e.g. to test that a request without Authorization is refused). */
  bare?: boolean;
  maxBytes?: number;
}

export interface RawHttpResponse {
  status?: number;
  headers: Record<string, string>;
  bodyText: string;
  json?: unknown;
  /** The body was longer than maxBytes (or an endless stream) and was cut. */
  cut: boolean;
  failure?: TransportError;
  evidence: number[];
  durationMs: number;
}

export interface HttpTransportOptions {
  url: string;
  /** User headers (Authorization, …) sent on every request; their values are secrets for the masker. */
  headers?: Record<string, string>;
  /** Largest response body accepted before the read is cut (DIGEST has no limit; this bounds our memory). */
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY = 16 * 1024 * 1024;

/**
 * The 2025-11-25 session the connection speaks once `initialize` succeeded (2025-11-25 transports §session
 * management, §protocol version header): Mcp-Session-Id and MCP-Protocol-Version on every later request, a fresh
 * initialize when the server answers 404 (session expired), DELETE at the end.
 */
export interface LegacyHttpSession {
  id?: string;
  protocolVersion: string;
  /** Runs the handshake again (it replaces this session); false when the server refused. */
  reinitialize?: () => Promise<boolean>;
}

/** Raw Streamable HTTP: one POST per message, full control of headers, JSON or SSE responses (DIGEST §b). */
export class HttpTransport implements Transport {
  readonly kind = 'http' as const;
  private readonly agent: Agent;
  private readonly maxBody: number;
  deadReason: string | undefined;
  /** Set by the era probe on a 2025-era server; every later request carries it. */
  legacySession: LegacyHttpSession | undefined;
  correlation: CorrelationBreak | undefined;
  refusalId: CorrelationBreak | undefined;
  private reinitializing: Promise<boolean> | undefined;
  /** Tools the server's tools/list marked read-only: a call of one may be repeated after a silent reset. */
  private readonly readOnlyTools = new Set<string>();
  private readonly readOnlyListsSeen = new WeakSet<object>();
  /** Large values (a long tool list) that recur in this target's answers are parsed once; each answer is still read and recorded. */
  private readonly parseMemo = new ParseMemo();
  /** The probe's request, sent before the checks loaded (http-head-start.ts): adopted by the first request equal to it. */
  private ahead: SentAhead | undefined;
  /** Whether this transport adopted the probe sent ahead: then the listen requests sent after it are its own too. */
  private readonly probedAhead: boolean;
  /** Those listen requests, taken once the probe's answer has been read (the first stream opened), until adopted. */
  private listensAhead: ListenAhead[] | undefined;

  constructor(
    private readonly opts: HttpTransportOptions,
    private readonly recorder: WireRecorder,
  ) {
    this.ahead = claimSentAhead(opts.url, opts.headers);
    this.probedAhead = this.ahead !== undefined;
    this.agent = this.ahead?.agent ?? new Agent(HTTP_POOL);
    // The record's clock starts when the first request went out, as for a request sent by this transport.
    if (this.ahead) recorder.startClockAt(this.ahead.sentAt);
    this.maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
    for (const v of Object.values(opts.headers ?? {})) recorder.masker.add(v);
    watchSockets();
  }

  /**
   * Runs `attempt` on the pool; when the server closed a reused connection before any byte of the answer and the
   * request is safe to repeat, records the repeat and runs it once more on a connection of its own.
   */
  private withOneRetry<T>(attempt: (d: Dispatcher) => Promise<T>, safe: () => boolean, record: (cause: string) => void): Promise<T> {
    return withOneRetry(this.agent, attempt, () => this.deadReason === undefined && safe(), record);
  }

  async send(msg: JsonRpcRequest | JsonRpcNotification, o: SendOptions): Promise<Exchange> {
    if (this.correlation && 'id' in msg) {
      const ex: Exchange = { request: msg, others: [], durationMs: 0, evidence: [], failure: new TransportError('protocol', this.correlation.reason) };
      return ex;
    }
    const session = this.legacySession;
    const ex = await this.sendOnce(msg, o);
    // 404 on a request carrying a session id: the session ended; a 2025 client starts a new one and retries once.
    // Only on the session's own traffic: a request sent with another id, or another (or no) MCP-Protocol-Version,
    // may get 404 for that header (@hono/mcp 0.3.2 answers an unsupported version so), which ends no session.
    if (
      session?.id &&
      session.reinitialize &&
      ex.http?.status === 404 &&
      headerOf(o.headers, HEADER.sessionId) === undefined &&
      sameVersion(headerOf(o.headers, HEADER.protocolVersion), session.protocolVersion) &&
      !('method' in msg && msg.method === 'initialize')
    ) {
      this.reinitializing ??= session.reinitialize().finally(() => (this.reinitializing = undefined));
      if (await this.reinitializing) return this.sendOnce(msg, o);
    }
    return ex;
  }

  /** A response with another request's id, or a result with id null, breaks id correlation (JSON-RPC 2.0 §5). */
  private checkCorrelation(obj: JsonObject, id: unknown, seq: number): void {
    if (this.correlation || obj.id === id) return;
    if ('error' in obj && (obj.id === null || !('id' in obj))) return;
    this.correlation = {
      seq,
      id: obj.id,
      reason: `the server answered a request with id ${JSON.stringify(id)} using id ${JSON.stringify(obj.id ?? null).slice(0, 60)} (wire #${seq}): its answers cannot be matched to requests`,
    };
  }

  /**
   * An error with an HTTP error status refuses this very POST (often before its body was read, as a version or
   * session gate does), so a wrong id there mixes nothing up: it is noted for wire/id-correlation, not a break.
   */
  private checkRefusalId(obj: JsonObject, id: unknown, seq: number, status: number): void {
    if (this.refusalId || obj.id === id || obj.id === null || !('id' in obj)) return;
    this.refusalId = {
      seq,
      id: obj.id,
      reason: `the HTTP ${status} refusal of a request with id ${JSON.stringify(id)} carries id ${JSON.stringify(obj.id).slice(0, 60)} (wire #${seq}): JSON-RPC 2.0 asks for the request's id, or null when it could not be read`,
    };
  }

  speaks2025(): boolean {
    return this.legacySession !== undefined;
  }

  /** Headers of the 2025 session, when there is one. */
  sessionHeaders(): Record<string, string> {
    const s = this.legacySession;
    if (!s) return {};
    return { [HEADER.protocolVersion]: s.protocolVersion, ...(s.id ? { [HEADER.sessionId]: s.id } : {}) };
  }

  /**
   * The request sent ahead, when this is it (same body, same headers); once, and only as the first request. One that
   * is not (which the head start's rules rule out) still went out: it is recorded, with its answer, as `head-start`.
   */
  private async adoptAhead(body: string, headers: Record<string, string>, timeoutMs: number): Promise<SentAhead | undefined> {
    const ahead = this.ahead;
    this.ahead = undefined;
    if (!ahead || (ahead.body === body && JSON.stringify(ahead.headers) === JSON.stringify(headers))) return ahead;
    const msg = JSON.parse(ahead.body) as JsonRpcRequest;
    const o: SendOptions = { phase: 'head-start', timeoutMs };
    const ex: Exchange = { request: msg, others: [], durationMs: 0, evidence: [] };
    this.recorder.record({
      from: 'harness',
      channel: 'http',
      phase: o.phase,
      http: { method: 'POST', url: this.opts.url, headers: ahead.headers },
      json: msg,
      at: ahead.sentAt,
    });
    await withDeadline((signal) => ahead.answer(signal).then((res) => this.readBody(res, msg, ex, o)), timeoutMs, 'answer').catch(() => undefined);
    return undefined;
  }

  private async sendOnce(msg: JsonRpcRequest | JsonRpcNotification, o: SendOptions): Promise<Exchange> {
    let t0 = performance.now();
    const headers: Record<string, string> = { ...standardHeaders(msg), ...this.opts.headers };
    for (const [k, v] of Object.entries(this.sessionHeaders())) {
      for (const existing of Object.keys(headers)) if (existing.toLowerCase() === k.toLowerCase()) delete headers[existing];
      headers[k] = v;
    }
    for (const [k, v] of Object.entries(o.headers ?? {})) {
      for (const existing of Object.keys(headers)) if (existing.toLowerCase() === k.toLowerCase()) delete headers[existing];
      if (v !== null) headers[k] = v;
    }
    const body = o.rawBody ?? JSON.stringify(msg);
    // Sent before the checks loaded: timed from then; its deadline is the probe's own, counted from its adoption
    // (a fraction of a second later, against a first-answer allowance of at least 30 s).
    let ahead = this.ahead && (await this.adoptAhead(body, headers, o.timeoutMs));
    if (ahead) t0 = ahead.sentAt;
    const ex: Exchange = { request: msg, others: [], durationMs: 0, evidence: [] };
    const sent = (retry?: { of: number; cause: string }) =>
      this.recorder.record({
        from: 'harness',
        channel: 'http',
        phase: o.phase,
        http: { method: 'POST', url: this.opts.url, headers },
        ...(o.rawBody === undefined ? { json: msg } : { text: body }),
        ...(retry ? { retry } : {}),
        ...(ahead && !retry ? { at: ahead.sentAt } : {}),
      });
    ex.evidence.push(sent());
    const safe = () => (o.rawBody === undefined ? repeatIsSafe(msg, this.readOnlyTools) : bodyRepeatIsSafe(o.rawBody, this.readOnlyTools));
    try {
      await withDeadline(
        (signal) =>
          this.withOneRetry(
            async (dispatcher) => {
              const early = ahead;
              // A repeat after a silent reset goes out afresh.
              ahead = undefined;
              const res = early
                ? await early.answer(signal)
                : await request(this.opts.url, {
                    method: 'POST',
                    headers,
                    body,
                    signal,
                    dispatcher,
                    headersTimeout: o.timeoutMs,
                    bodyTimeout: o.timeoutMs,
                  });
              await this.readBody(res, msg, ex, o);
            },
            safe,
            (cause) => ex.evidence.push(sent({ of: ex.evidence[0]!, cause })),
          ),
        o.timeoutMs,
        'complete answer',
        o.signal,
      );
    } catch (e) {
      ex.failure = toTransportError(e, { url: this.opts.url });
    }
    if (msg.method === 'tools/list' && ex.response) this.noteReadOnly(ex.response.result);
    ex.durationMs = performance.now() - t0;
    return ex;
  }

  /** Adds the tools a list marks read-only; a list shared by the parse memo (frozen at every level) is read once. */
  private noteReadOnly(result: unknown): void {
    const tools = result !== null && typeof result === 'object' ? (result as { tools?: unknown }).tools : undefined;
    if (Array.isArray(tools) && Object.isFrozen(tools)) {
      if (this.readOnlyListsSeen.has(tools)) return;
      this.readOnlyListsSeen.add(tools);
    }
    for (const name of readOnlyToolNames(result)) this.readOnlyTools.add(name);
  }

  private async readBody(res: Dispatcher.ResponseData, msg: JsonRpcRequest | JsonRpcNotification, ex: Exchange, o: SendOptions): Promise<void> {
    const headers = flatHeaders(res.headers);
    const contentType = headers['content-type'] ?? '';
    const info: HttpInfo = { status: res.statusCode, headers, contentType, sse: /^text\/event-stream/i.test(contentType) };
    ex.http = info;
    const id = 'id' in msg ? msg.id : undefined;
    const record = (json: unknown, text?: string) =>
      ex.evidence.push(
        this.recorder.record({
          from: 'server',
          channel: 'http',
          phase: o.phase,
          http: { status: res.statusCode, headers },
          ...(json === undefined ? { text: text ?? '' } : { json, ...(text !== undefined ? { text } : {}) }),
        }),
      );
    if (info.sse) {
      await this.readSse(res, id, ex, info, record);
      return;
    }
    const text = await readCapped(res.body, this.maxBody);
    let json: unknown;
    try {
      json = text.length ? await parseBoundedAsync(text, this.parseMemo) : undefined;
    } catch {
      json = undefined;
    }
    record(json, text);
    if (json !== undefined && typeof json === 'object' && json !== null && !Array.isArray(json)) {
      const obj = json as JsonObject;
      if (id !== undefined && obj.id === id && ('result' in obj || 'error' in obj)) ex.response = obj;
      else if ('result' in obj || 'error' in obj) {
        ex.response = obj; // an error without an id is judged by http-transport/error-carries-id
        const seq = ex.evidence[ex.evidence.length - 1]!;
        if (id !== undefined && o.rawBody === undefined) {
          if (res.statusCode >= 400 && 'error' in obj && !('result' in obj)) this.checkRefusalId(obj, id, seq, res.statusCode);
          else this.checkCorrelation(obj, id, seq);
        }
      } else ex.others.push(obj);
    } else {
      info.bodyText = text.slice(0, 4096);
      if (Array.isArray(json)) ex.others.push(json);
    }
  }

  private async readSse(
    res: Dispatcher.ResponseData,
    id: unknown,
    ex: Exchange,
    info: HttpInfo,
    record: (json: unknown, text?: string) => void,
  ): Promise<void> {
    let bytes = 0;
    let done = false;
    const parser = createParser({
      onEvent: (ev) => {
        let json: unknown;
        try {
          json = parseBounded(ev.data);
        } catch {
          json = undefined;
        }
        record(json, ev.data);
        const obj = json as JsonObject | undefined;
        if (obj && typeof obj === 'object' && ('result' in obj || 'error' in obj) && (id === undefined || obj.id === id)) {
          ex.response = obj;
          done = true;
        } else {
          if (ex.others.length >= MAX_MESSAGES_PER_EXCHANGE) throw floodError('the event stream');
          ex.others.push(json ?? ev.data);
          if (obj && typeof obj === 'object' && ('result' in obj || 'error' in obj) && !('method' in obj))
            this.checkCorrelation(obj, id, ex.evidence[ex.evidence.length - 1]!);
        }
      },
    });
    const body = res.body;
    // A deadline cutting the stream is reported by withDeadline with its own reason.
    for await (const chunk of body) {
      bytes += (chunk as Buffer).length;
      if (bytes > this.maxBody) throw new TransportError('too-large', `event stream exceeded ${this.maxBody} bytes without a final response`);
      parser.feed((chunk as Buffer).toString('utf8'));
      if (done) break;
    }
    // A correct server ends the stream with the final response; see whether it did without waiting long.
    if (done) info.streamEnded = await endsSoon(body, 50);
    else info.streamEnded = true;
  }

  /**
   * One raw HTTP request with exactly these headers (plus the user's, unless `bare`), for transport checks: GET and
   * DELETE, forged Host/Origin, bodies that are not JSON-RPC. The body is read up to `maxBytes`, then the stream is cut.
   */
  async raw(o: RawHttpRequest): Promise<RawHttpResponse> {
    const t0 = performance.now();
    const headers: Record<string, string> = { ...(o.bare ? {} : { ...this.opts.headers, ...this.sessionHeaders() }), ...o.headers };
    const sent = (retry?: { of: number; cause: string }) =>
      this.recorder.record({
        from: 'harness',
        channel: 'http',
        phase: o.phase,
        http: { method: o.method, url: this.opts.url, headers },
        ...(o.body !== undefined ? { text: o.body } : {}),
        ...(retry ? { retry } : {}),
      });
    const evidence = [sent()];
    // GET reads; DELETE ends a session; a POST is judged by what its body asks for.
    const safe = () => /^(GET|HEAD|OPTIONS)$/i.test(o.method) || (/^POST$/i.test(o.method) && bodyRepeatIsSafe(o.body, this.readOnlyTools));
    try {
      return await withDeadline(
        (signal) =>
          this.withOneRetry(
            (dispatcher) => this.rawAttempt(o, headers, signal, dispatcher, evidence, t0),
            safe,
            (cause) => evidence.push(sent({ of: evidence[0]!, cause })),
          ),
        o.timeoutMs,
        'answer',
      );
    } catch (e) {
      return { failure: toTransportError(e, { url: this.opts.url }), headers: {}, bodyText: '', cut: false, evidence, durationMs: performance.now() - t0 };
    }
  }

  private async rawAttempt(
    o: RawHttpRequest,
    headers: Record<string, string>,
    signal: AbortSignal,
    dispatcher: Dispatcher,
    evidence: number[],
    t0: number,
  ): Promise<RawHttpResponse> {
    const res = await request(this.opts.url, {
      method: o.method,
      headers,
      ...(o.body !== undefined ? { body: o.body } : {}),
      signal,
      dispatcher,
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
    });
    const h = flatHeaders(res.headers);
    // Bytes are kept and decoded once, so a character split between two chunks is not garbled.
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = false;
    for await (const c of res.body) {
      chunks.push(c as Buffer);
      size += (c as Buffer).length;
      if (size >= (o.maxBytes ?? 64 * 1024)) {
        cut = true;
        res.body.destroy();
        break;
      }
    }
    const bodyText = decodeBody(chunks);
    let json: unknown;
    try {
      json = bodyText ? parseBounded(bodyText) : undefined;
    } catch {
      json = undefined;
    }
    evidence.push(
      this.recorder.record({
        from: 'server',
        channel: 'http',
        phase: o.phase,
        http: { status: res.statusCode, headers: h },
        ...(json !== undefined ? { json, text: bodyText } : { text: bodyText }),
      }),
    );
    return { status: res.statusCode, headers: h, bodyText, json, cut, evidence, durationMs: performance.now() - t0 };
  }

  /** One POST held open: its SSE events arrive on the stream as they come; closing it cancels (see http-stream.ts). */
  openStream(msg: JsonRpcRequest, o: StreamOptions): MessageStream {
    return openHttpStream(
      {
        url: this.opts.url,
        send: (attempt, record) => this.withOneRetry(attempt, () => repeatIsSafe(msg, this.readOnlyTools), record),
        ...(this.opts.headers ? { userHeaders: this.opts.headers } : {}),
        recorder: this.recorder,
        maxBodyBytes: this.maxBody,
        adopt: (body, headers) => this.adoptListen(body, headers),
      },
      msg,
      o,
    );
  }

  /** The listen request sent ahead that is exactly this one (body and headers), once. */
  private adoptListen(body: string, headers: Record<string, string>): ListenAhead | undefined {
    if (!this.probedAhead) return undefined;
    this.listensAhead ??= claimListensAhead();
    const i = this.listensAhead.findIndex((l) => l.body === body && JSON.stringify(l.headers) === JSON.stringify(headers));
    return i < 0 ? undefined : this.listensAhead.splice(i, 1)[0];
  }

  /** Listen requests sent ahead that no check adopted (which the head start's rules rule out) still went out: recorded as `head-start`, cancelled. */
  private releaseListens(): void {
    if (!this.probedAhead) return;
    this.listensAhead ??= claimListensAhead();
    for (const l of this.listensAhead.splice(0)) {
      this.recorder.record({
        from: 'harness',
        channel: 'http',
        phase: 'head-start',
        http: { method: 'POST', url: this.opts.url, headers: l.headers },
        json: JSON.parse(l.body) as unknown,
        at: l.sentAt,
      });
      l.cancel(new TransportError('aborted', 'a listen request sent ahead that no check adopted'));
    }
  }

  async close(graceMs = 2000): Promise<void> {
    this.releaseListens();
    // A 2025 client ends its session explicitly (2025-11-25 transports §session management); 405 is an allowed answer.
    if (this.legacySession?.id && this.deadReason === undefined)
      await this.raw({ method: 'DELETE', headers: {}, phase: 'close', timeoutMs: Math.min(2_000, graceMs) }).catch(() => undefined);
    this.legacySession = undefined;
    this.deadReason = 'closed';
    // A graceful close waits for open responses (an endless SSE stream never ends): past the grace, sockets are cut.
    if (
      !(await settlesWithin(
        this.agent.close().catch(() => undefined),
        graceMs,
      ))
    )
      await this.agent.destroy().catch(() => undefined);
  }
}

async function endsSoon(body: Dispatcher.ResponseData['body'], ms: number): Promise<boolean> {
  if (body.readableEnded) return true;
  const ended = await new Promise<boolean>((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    body.once('end', () => (clearTimeout(t), resolve(true)));
    body.once('close', () => (clearTimeout(t), resolve(body.readableEnded)));
    body.resume();
  });
  if (!ended) body.destroy();
  return ended;
}

async function readCapped(body: Dispatcher.ResponseData['body'], max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of body) {
    n += (c as Buffer).length;
    if (n > max) {
      body.destroy();
      throw new TransportError('too-large', `response body exceeded ${max} bytes`);
    }
    chunks.push(c as Buffer);
  }
  return decodeBody(chunks);
}

/** A header as a request's options set it, whatever its case: a value, null (removed) or undefined (left as is). */
function headerOf(headers: Record<string, string | null> | undefined, name: string): string | null | undefined {
  const key = Object.keys(headers ?? {}).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers![key];
}

/** A version header left as the session sets it, or set to the session's own version. */
function sameVersion(asSet: string | null | undefined, session: string): boolean {
  return asSet === undefined || asSet === session;
}
