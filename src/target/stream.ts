import { META } from '../spec/constants.js';
import type { McpClient, RequestOptions } from './client.js';
import { buildParams, type JsonObject, type JsonRpcRequest } from './envelope.js';
import { floodError, MAX_MESSAGES_PER_EXCHANGE, type TransportError } from './errors.js';
import type { HttpInfo, Transport } from './transport.js';
import { field } from '../spec/read.js';

/**
 * How a message was tied to a stream: HTTP's own response stream, the request id (final response, server-sent
 * cancel), the subscriptionId tag (stdio), or neither: stdio notifications without a tag, or tagged with an id no
 * open stream has, are handed to every open stream so a check can judge them (DIGEST §b stdio demultiplexing).
 */
export type StreamVia = 'stream' | 'id' | 'tag' | 'untagged' | 'foreign';

export interface StreamItem {
  seq: number;
  message: unknown;
  via: StreamVia;
  /** Milliseconds since the stream was opened. */
  atMs: number;
}

export interface StreamOptions {
  phase: string;
  /** The longest the stream stays open (also the wait for HTTP response headers); then it is closed (cancelled). */
  timeoutMs: number;
  signal?: AbortSignal;
  /** HTTP only: changes over the standard headers; `null` removes one. */
  headers?: Record<string, string | null>;
}

/** Why the stream ended. `closed` and `deadline` are ours; the others come from the server or the wire. */
export type StreamEnd = 'response' | 'server-closed' | 'server-cancelled' | 'closed' | 'deadline' | 'failure';

/**
 * A long-lived request (`subscriptions/listen`) and everything the server sends for it, as it arrives. Messages
 * are read by waiting (`waitFor`, `settle`) or by async iteration; `close()` cancels: HTTP closes the POST's
 * stream, stdio sends `notifications/cancelled` (DIGEST §b, CANCEL).
 */
export class MessageStream implements AsyncIterable<StreamItem> {
  readonly items: StreamItem[] = [];
  readonly evidence: number[] = [];
  response?: JsonObject;
  http?: HttpInfo;
  failure?: TransportError;
  end?: StreamEnd;
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  private wakers = new Set<() => void>();
  private cancel?: () => void;
  private readonly t0: number;

  /**
   * `sentAt`: when the request went out, for one sent before the check opened its stream (a URL check's head start);
   * its items are then timed from then, by when they arrived.
   */
  constructor(
    readonly request: JsonRpcRequest,
    readonly phase: string,
    readonly sentAt?: number,
  ) {
    this.t0 = sentAt ?? performance.now();
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }

  get ended(): boolean {
    return this.end !== undefined;
  }

  /** Transport side: what `close()` does on the wire. */
  onClose(f: () => void): void {
    this.cancel = f;
  }

  /** Transport side: one message for this stream (`at`: when it arrived, if not now); the final response, or a server cancel, ends it. */
  push(item: Omit<StreamItem, 'atMs'>, at = performance.now()): void {
    if (this.ended) return;
    if (this.items.length >= MAX_MESSAGES_PER_EXCHANGE) {
      this.cancel?.();
      return this.finish('failure', floodError('the stream'));
    }
    this.items.push({ ...item, atMs: Math.round(at - this.t0) });
    this.evidence.push(item.seq);
    const m = item.message as JsonObject | undefined;
    if (m && typeof m === 'object' && !('method' in m) && ('result' in m || 'error' in m) && m.id === this.request.id) {
      this.response = m;
      this.finish('response');
    } else if (m?.method === 'notifications/cancelled' && field(m.params, 'requestId') === this.request.id) {
      this.finish('server-cancelled');
    }
    this.wake();
  }

  /** Transport side: the stream is over. */
  finish(end: StreamEnd, failure?: TransportError): void {
    if (this.ended) return;
    this.end = end;
    if (failure) this.failure = failure;
    this.resolveDone();
    this.wake();
  }

  /** Cancels the stream if it is still open; idempotent. */
  async close(end: 'closed' | 'deadline' = 'closed'): Promise<void> {
    if (this.ended) return;
    this.cancel?.();
    this.finish(end);
  }

  /** The first item (from the start) that satisfies `pred`, waiting up to `ms`; undefined on timeout or end. */
  async waitFor(pred: (item: StreamItem) => boolean, ms: number): Promise<StreamItem | undefined> {
    const deadline = performance.now() + ms;
    for (let seen = 0; ;) {
      for (; seen < this.items.length; seen++) if (pred(this.items[seen]!)) return this.items[seen];
      const left = deadline - performance.now();
      if (this.ended || left <= 0) return undefined;
      await this.sleep(left);
    }
  }

  /** Waits `ms`, or until the stream ends, whichever is first. */
  async settle(ms: number): Promise<void> {
    const deadline = performance.now() + ms;
    while (!this.ended && performance.now() < deadline) await this.sleep(deadline - performance.now());
  }

  /**
   * A window of `ms` that opened with `first`: from now, or, on a stream sent ahead, from when `first` arrived (it
   * may have waited for the check that reads it); until the stream ends, whichever is first.
   */
  async settleWindow(first: StreamItem, ms: number): Promise<void> {
    const opened = this.sentAt === undefined ? performance.now() : this.t0 + first.atMs;
    await this.settle(opened + ms - performance.now());
  }

  async *[Symbol.asyncIterator](): AsyncIterator<StreamItem> {
    for (let i = 0; ; i++) {
      while (i >= this.items.length && !this.ended) await this.sleep(60_000);
      if (i >= this.items.length) return;
      yield this.items[i]!;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(1, ms));
      this.wakers.add(done);
    });
  }

  private wake(): void {
    for (const w of [...this.wakers]) w();
  }
}

/** A transport that can hold a request open and hand over its messages as they come. */
export interface StreamingTransport {
  openStream(msg: JsonRpcRequest, o: StreamOptions): MessageStream;
}

export function canStream(t: Transport): t is Transport & StreamingTransport {
  return typeof (t as Partial<StreamingTransport>).openStream === 'function';
}

/**
 * Opens `method` as a stream with the 2026-07-28 envelope (a fresh id from the client), or returns undefined when the
 * client's transport cannot stream.
 */
export function openClientStream(
  client: McpClient,
  method: string,
  params: JsonObject,
  o: RequestOptions & { phase: string; timeoutMs: number },
): MessageStream | undefined {
  const t = client.transport;
  if (!canStream(t)) return undefined;
  const msg: JsonRpcRequest = { jsonrpc: '2.0', id: o.id ?? client.nextId(), method, params: buildParams(params, o) };
  const signal = o.signal ?? client.defaults.signal;
  return t.openStream(msg, { phase: o.phase, timeoutMs: o.timeoutMs, ...(signal ? { signal } : {}), ...(o.headers ? { headers: o.headers } : {}) });
}

/** The subscriptionId a notification carries in `params._meta`, if any (DIGEST §b). */
export function subscriptionIdOf(message: unknown): unknown {
  const params = field(message, 'params') as JsonObject | undefined;
  const meta = params?._meta as JsonObject | undefined;
  return meta && typeof meta === 'object' ? meta[META.subscriptionId] : undefined;
}
