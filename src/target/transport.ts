import type { TransportKind } from '../core/types.js';
import type { TransportError } from './errors.js';
import type { JsonObject, JsonRpcNotification, JsonRpcRequest } from './envelope.js';

export interface SendOptions {
  /** Check id (or `probe`) the message belongs to, for the wire record. */
  phase: string;
  timeoutMs: number;
  /** HTTP only: changes applied over the standard headers; `null` removes a header. */
  headers?: Record<string, string | null>;
  /** Send this text instead of the serialised message (malformed input on purpose). */
  rawBody?: string;
  /** Caller's cancellation (the run's deadline). */
  signal?: AbortSignal;
}

export interface HttpInfo {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  sse: boolean;
  /** SSE: whether the server ended the stream after the final response. */
  streamEnded?: boolean;
  /** Body text when it was not JSON-RPC (or empty). */
  bodyText?: string;
}

/** One request or notification and everything the server sent back for it. Never thrown: faults are data. */
export interface Exchange {
  request: JsonRpcRequest | JsonRpcNotification;
  /** The JSON-RPC response whose id matches the request. */
  response?: JsonObject;
  /** Other messages in the exchange: notifications, server-to-client requests, stray responses. */
  others: unknown[];
  http?: HttpInfo;
  failure?: TransportError;
  durationMs: number;
  /** Wire-record sequence numbers of this exchange. */
  evidence: number[];
}

export interface CorrelationBreak {
  /** Wire entry of the unmatched response. */
  seq: number;
  id: unknown;
  reason: string;
}

export interface Transport {
  readonly kind: TransportKind;
  send(msg: JsonRpcRequest | JsonRpcNotification, o: SendOptions): Promise<Exchange>;
  /** Set once the server can no longer answer (stdio child exited, …), with the reason. */
  readonly deadReason: string | undefined;
  /**
   * Set at the first response whose id answers no request we sent (or null where the id was readable): from then
   * on no answer can be matched to its question, so the run stops instead of waiting out every timeout.
   */
  readonly correlation?: CorrelationBreak | undefined;
  /**
   * HTTP only: the first refusal (a status of 400 or more with a plain JSON error) whose id is neither the request's,
   * null nor left out. The POST pairs it with its request, so nothing is mixed up, but JSON-RPC 2.0 asks for null.
   */
  readonly refusalId?: CorrelationBreak | undefined;
  /**
   * True while the connection is a 2025-11-25 session (the era probe's `initialize` succeeded on it): requests then
   * go out as a 2025 client sends them, without the per-request `_meta` and headers 2026-07-28 added.
   */
  speaks2025?(): boolean;
  /**
   * Ends the connection or process; `graceMs` bounds each polite wait (short once the run's deadline has passed).
   * `eofWaitMs` (a process only): the wait after EOF on its stdin before SIGTERM, when it should differ from `graceMs`.
   */
  close(graceMs?: number, eofWaitMs?: number): Promise<void>;
}
