import { buildParams, type EnvelopeOptions, type JsonObject, type JsonRpcNotification, type JsonRpcRequest } from './envelope.js';
import type { Exchange, SendOptions, Transport } from './transport.js';
import type { WireRecorder } from './recorder.js';
import { obj } from '../spec/read.js';

export type RequestOptions = EnvelopeOptions & Partial<Omit<SendOptions, 'phase'>> & { phase?: string; id?: string | number };

/**
 * A raw MCP client: builds the 2026-07-28 envelope and sends it, with every knob a check needs to break it on purpose.
 * It never throws on server behaviour; an Exchange carries whatever happened.
 */
export class McpClient {
  private id = 0;

  constructor(
    readonly transport: Transport,
    readonly recorder: WireRecorder,
    readonly defaults: { timeoutMs: number; signal?: AbortSignal; phase?: string },
  ) {}

  nextId(): number {
    return ++this.id;
  }

  request(method: string, params?: JsonObject, o: RequestOptions = {}): Promise<Exchange> {
    const msg: JsonRpcRequest = { jsonrpc: '2.0', id: o.id ?? this.nextId(), method, params: buildParams(params, o) };
    return this.transport.send(msg, this.sendOptions(o));
  }

  /** A request exactly as given: no envelope is added (legacy traffic, malformed on purpose). */
  requestRaw(msg: JsonRpcRequest, o: RequestOptions = {}): Promise<Exchange> {
    return this.transport.send(msg, this.sendOptions(o));
  }

  notify(method: string, params?: JsonObject, o: RequestOptions = {}): Promise<Exchange> {
    const msg: JsonRpcNotification = { jsonrpc: '2.0', method, params: buildParams(params, o) };
    return this.transport.send(msg, this.sendOptions(o));
  }

  private sendOptions(o: RequestOptions): SendOptions {
    const s: SendOptions = { phase: o.phase ?? this.defaults.phase ?? 'run', timeoutMs: o.timeoutMs ?? this.defaults.timeoutMs };
    const signal = o.signal ?? this.defaults.signal;
    if (signal) s.signal = signal;
    if (o.headers) s.headers = o.headers;
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
  if (ex.failure) parts.push(`${ex.failure.failure}: ${ex.failure.message}`);
  const err = errorOf(ex);
  if (err) parts.push(`error ${String(err.code)} "${String(err.message).slice(0, 120)}"`);
  else if (resultOf(ex)) parts.push('a result');
  else if (ex.response) parts.push('a malformed response');
  else if (!ex.failure) parts.push(ex.http?.bodyText ? `non-JSON-RPC body "${ex.http.bodyText.slice(0, 80)}"` : 'no response');
  return parts.join(', ');
}
