/**
 * A 2025-11-25 session on its own transport (DIGEST §k "Dual-era server": `initialize` scopes legacy semantics to
 * the stdio process or the HTTP session): `initialize`, `notifications/initialized`, then requests without `_meta`.
 * Over HTTP it carries `Mcp-Session-Id` and `MCP-Protocol-Version` and ends with DELETE; over stdio it is a fresh
 * process, so the modern checks' connection is never touched.
 */
import type { TargetSpec } from '../core/target-spec.js';
import { HEADER, LEGACY_VERSION } from '../spec/constants.js';
import { resultOf } from './client.js';
import { HARNESS_INFO, NO_MODERN_HEADERS, type JsonObject, type JsonRpcNotification, type JsonRpcRequest } from './envelope.js';
import { HttpTransport } from './http.js';
import { UnauditedRecorder } from './unaudited-recorder.js';
import { openTransport } from './open.js';
import type { WireRecorder } from './recorder.js';
import type { Exchange, SendOptions, Transport } from './transport.js';

export interface LegacySessionOptions {
  /** Check id (or phase) the traffic is recorded under. */
  phase: string;
  timeoutMs: number;
  /** Longest wait for the initialize answer (a fresh stdio process may be starting); defaults to timeoutMs. */
  startupTimeoutMs?: number;
  /** Version requested in `initialize`; 2025-11-25 unless a check negotiates on purpose. */
  protocolVersion?: string;
  capabilities?: JsonObject;
  signal?: AbortSignal;
}

/** What a check needs of a 2025 session: the handshake it saw, and requests. */
export interface LegacyChannel {
  readonly init: Exchange;
  readonly initResult: JsonObject | undefined;
  readonly ready: boolean;
  readonly sessionId?: string | undefined;
  request(method: string, params?: JsonObject, timeoutMs?: number): Promise<Exchange>;
  /** A request in this session whose MCP-Protocol-Version header names `version` instead of the session's (HTTP). */
  requestNaming(version: string, method: string): Promise<Exchange>;
}

export class LegacySession implements LegacyChannel {
  private nextId = 0;
  /** The `initialize` exchange, whatever came back. */
  init!: Exchange;
  /** The `notifications/initialized` exchange, sent only after a successful initialize. */
  initialized?: Exchange;
  sessionId?: string;

  /**
   * Set on the run's own connection borrowed as a session (see onRunConnection): the fresh handshake the server
   * refused. Closing such a session leaves the connection to its owner.
   */
  refusedFresh?: Exchange;

  private constructor(
    readonly transport: Transport,
    private readonly o: LegacySessionOptions,
  ) {}

  /**
   * The run's own connection, made a 2025 session by the era probe's `init`, as the session of checks whose fresh
   * one the server refused (`refused`): a server with one session per process (@hono/mcp 0.3.2 with one transport
   * connected once) answers a second initialize with 400. Its requests carry that session's id and version.
   */
  static onRunConnection(transport: Transport, init: Exchange, refused: Exchange, o: LegacySessionOptions): LegacySession {
    const s = new LegacySession(transport, o);
    s.init = init;
    s.refusedFresh = refused;
    const sid = init.http?.headers['mcp-session-id'];
    if (sid !== undefined) s.sessionId = sid;
    return s;
  }

  /** Opens a transport to `spec` and runs the handshake; never throws on server behaviour (see `ready`). */
  static async open(spec: TargetSpec, recorder: WireRecorder, o: LegacySessionOptions, untouched?: Transport): Promise<LegacySession> {
    // `untouched`: a transport opened for this session (recording unaudited), nothing sent on it yet.
    const s = new LegacySession(untouched ?? openTransport(spec, new UnauditedRecorder(recorder)), o);
    await s.handshake();
    return s;
  }

  /** The initialize result, when the server sent one. */
  get initResult(): JsonObject | undefined {
    return resultOf(this.init);
  }

  /** The handshake succeeded: later requests are meaningful. */
  get ready(): boolean {
    return this.initResult !== undefined && this.transport.deadReason === undefined;
  }

  /** The version this session's `initialize` asked for. */
  get requested(): string {
    return this.o.protocolVersion ?? LEGACY_VERSION;
  }

  /** The version the server chose, or the one we asked for when its answer named none. */
  get version(): string {
    const v = this.initResult?.protocolVersion;
    return typeof v === 'string' ? v : (this.o.protocolVersion ?? LEGACY_VERSION);
  }

  private async handshake(): Promise<void> {
    const params = { protocolVersion: this.o.protocolVersion ?? LEGACY_VERSION, capabilities: this.o.capabilities ?? {}, clientInfo: HARNESS_INFO };
    const msg: JsonRpcRequest = { jsonrpc: '2.0', id: `init-${++this.nextId}`, method: 'initialize', params };
    // The initialize POST carries no version header and no session (2025-11-25 transports, "Session Management").
    this.init = await this.transport.send(msg, this.send({ [HEADER.protocolVersion]: null, [HEADER.sessionId]: null }, this.o.startupTimeoutMs));
    if (!this.initResult) return;
    const sid = this.init.http?.headers['mcp-session-id'];
    if (sid !== undefined) this.sessionId = sid;
    this.initialized = await this.notify('notifications/initialized');
  }

  private send(headers: Record<string, string | null>, timeoutMs = this.o.timeoutMs, phase = this.o.phase): SendOptions {
    return { phase, timeoutMs, headers: { ...NO_MODERN_HEADERS, ...headers }, ...(this.o.signal ? { signal: this.o.signal } : {}) };
  }

  private sessionHeaders(): Record<string, string | null> {
    return { [HEADER.protocolVersion]: this.version, [HEADER.sessionId]: this.sessionId ?? null };
  }

  /** A 2025-era request: plain params, no `_meta` envelope. */
  request(method: string, params: JsonObject = {}, timeoutMs?: number, phase?: string): Promise<Exchange> {
    const msg: JsonRpcRequest = { jsonrpc: '2.0', id: ++this.nextId, method, params };
    return this.transport.send(msg, this.send(this.sessionHeaders(), timeoutMs, phase));
  }

  requestNaming(version: string, method: string, phase?: string): Promise<Exchange> {
    const msg: JsonRpcRequest = { jsonrpc: '2.0', id: ++this.nextId, method, params: {} };
    return this.transport.send(msg, this.send({ ...this.sessionHeaders(), [HEADER.protocolVersion]: version }, undefined, phase));
  }

  /** This session as one of the checks sharing it sees it: its requests are recorded under that check's `phase`. */
  forPhase(phase: string): LegacyChannel {
    return new PhasedChannel(this, phase);
  }

  notify(method: string, params?: JsonObject): Promise<Exchange> {
    const msg: JsonRpcNotification = { jsonrpc: '2.0', method, ...(params ? { params } : {}) };
    return this.transport.send(msg, this.send(this.sessionHeaders()));
  }

  /** Ends the session: DELETE on HTTP when the server minted an id (405 means it does not allow that), then close. */
  async close(): Promise<void> {
    if (this.refusedFresh) return;
    try {
      if (this.sessionId !== undefined && this.transport instanceof HttpTransport && this.transport.deadReason === undefined)
        await this.transport.raw({
          method: 'DELETE',
          headers: { [HEADER.sessionId]: this.sessionId, [HEADER.protocolVersion]: this.version },
          phase: this.o.phase,
          timeoutMs: this.o.timeoutMs,
        });
    } finally {
      await this.transport.close();
    }
  }
}

/** A shared session as one check sees it. */
class PhasedChannel implements LegacyChannel {
  constructor(
    private readonly session: LegacySession,
    private readonly phase: string,
  ) {}

  get init(): Exchange {
    return this.session.init;
  }

  get initResult(): JsonObject | undefined {
    return this.session.initResult;
  }

  get ready(): boolean {
    return this.session.ready;
  }

  get sessionId(): string | undefined {
    return this.session.sessionId;
  }

  request(method: string, params?: JsonObject, timeoutMs?: number): Promise<Exchange> {
    return this.session.request(method, params, timeoutMs, this.phase);
  }

  requestNaming(version: string, method: string): Promise<Exchange> {
    return this.session.requestNaming(version, method, this.phase);
  }
}

/** Opens a session, runs `f`, and always closes the session (and its process). */
export async function withLegacySession<T>(
  spec: TargetSpec,
  recorder: WireRecorder,
  o: LegacySessionOptions,
  f: (s: LegacySession) => Promise<T>,
  untouched?: Transport,
  end: (s: LegacySession) => Promise<void> = (s) => s.close(),
): Promise<T> {
  const s = await LegacySession.open(spec, recorder, o, untouched);
  try {
    return await f(s);
  } finally {
    await end(s);
  }
}
