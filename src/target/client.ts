import { oneLine } from '../core/escape.js';
import {
  buildParams,
  legacyParams,
  NO_MODERN_HEADERS,
  type EnvelopeOptions,
  type JsonObject,
  type JsonRpcNotification,
  type JsonRpcRequest,
} from './envelope.js';
import type { Exchange, SendOptions, Transport } from './transport.js';
import type { WireRecorder } from './recorder.js';
import { obj } from '../spec/read.js';

export type RequestOptions = EnvelopeOptions & Partial<Omit<SendOptions, 'phase'>> & { phase?: string; id?: string | number };

/**
 * A raw MCP client: builds the 2026-07-28 envelope and sends it, with every knob a check needs to break it on purpose.
 * It never throws on server behaviour; an Exchange carries whatever happened.
 */
export class McpClient {
  constructor(
    readonly transport: Transport,
    readonly recorder: WireRecorder,
    readonly defaults: { timeoutMs: number; signal?: AbortSignal; phase?: string; envelope?: '2025' },
    // Shared with every view of the same connection, so no two requests on it carry the same id.
    private readonly ids = { last: 0 },
  ) {}

  nextId(): number {
    return ++this.ids.last;
  }

  /**
   * The same connection as a 2025-11-25 client sees it: once the era probe's `initialize` made it a 2025 session,
   * requests go out without the per-request `_meta` and headers 2026-07-28 added (a strict 2025 server refuses them).
   * For the requirements a 2025-era server is graded by; its 2026-07-28 migration checks keep the modern envelope.
   */
  in2025Session(): McpClient {
    return new McpClient(this.transport, this.recorder, { ...this.defaults, envelope: '2025' }, this.ids);
  }

  /** Whether requests go out as a 2025 client's: a 2025 view of a connection that is a 2025 session. */
  speaks2025(): boolean {
    return this.defaults.envelope === '2025' && this.transport.speaks2025?.() === true;
  }

  request(method: string, params?: JsonObject, o: RequestOptions = {}): Promise<Exchange> {
    const msg: JsonRpcRequest = { jsonrpc: '2.0', id: o.id ?? this.nextId(), method, params: this.params(params, o) };
    return this.transport.send(msg, this.sendOptions(o));
  }

  /** A request exactly as given: no envelope is added (legacy traffic, malformed on purpose). */
  requestRaw(msg: JsonRpcRequest, o: RequestOptions = {}): Promise<Exchange> {
    return this.transport.send(msg, this.sendOptions(o));
  }

  notify(method: string, params?: JsonObject, o: RequestOptions = {}): Promise<Exchange> {
    const msg: JsonRpcNotification = { jsonrpc: '2.0', method, params: this.params(params, o) };
    return this.transport.send(msg, this.sendOptions(o));
  }

  private params(params: JsonObject | undefined, o: RequestOptions): JsonObject {
    return this.speaks2025() ? legacyParams(params) : buildParams(params, o);
  }

  private sendOptions(o: RequestOptions): SendOptions {
    const s: SendOptions = { phase: o.phase ?? this.defaults.phase ?? 'run', timeoutMs: o.timeoutMs ?? this.defaults.timeoutMs };
    const signal = o.signal ?? this.defaults.signal;
    if (signal) s.signal = signal;
    if (this.speaks2025()) s.headers = { ...NO_MODERN_HEADERS, ...o.headers };
    else if (o.headers) s.headers = o.headers;
    if (o.rawBody !== undefined) s.rawBody = o.rawBody;
    return s;
  }
}

/** The `result` object of a successful response, if that is what came back. */
export function resultOf(ex: Exchange): JsonObject | undefined {
  return obj(ex.response?.result);
}

export interface RpcError {
  code: unknown;
  message: unknown;
  data?: unknown;
}

/** Any object, arrays included, counts: its members read as absent, so a malformed error still reads as an error. */
function isRpcError(e: unknown): e is RpcError {
  return typeof e === 'object' && e !== null;
}

export function errorOf(ex: Exchange): RpcError | undefined {
  const e = ex.response?.error;
  return isRpcError(e) ? e : undefined;
}

/** One line saying what came back, for `actual` in a finding. */
export function describe(ex: Exchange): string {
  const parts: string[] = [];
  if (ex.http) parts.push(`HTTP ${ex.http.status}`);
  // A redirect is not followed (it could lead anywhere): say where it points, so the user can check that URL instead.
  const location = ex.http && ex.http.status >= 300 && ex.http.status < 400 ? ex.http.headers['location'] : undefined;
  if (location) parts.push(`redirecting to ${oneLine(location, 120)} (not followed)`);
  if (ex.failure) parts.push(`${ex.failure.failure}: ${ex.failure.message}`);
  const err = errorOf(ex);
  if (err) parts.push(`error ${String(err.code)} "${oneLine(String(err.message), 120)}"`);
  else if (resultOf(ex)) parts.push('a result');
  else if (ex.response) parts.push('a malformed response');
  else if (!ex.failure) parts.push(ex.http?.bodyText ? `non-JSON-RPC body "${oneLine(ex.http.bodyText, 80)}"` : 'no response');
  return parts.join(', ');
}
