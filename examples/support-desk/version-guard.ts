/**
 * A stdio transport wrapper that answers any modern request naming an unsupported protocol version
 * with -32022 itself (BASIC §error codes: `data: { supported, requested }`), before the SDK sees it;
 * it also refuses list cursors and malformed MRTR `inputResponses` (see cursor-guard, input-responses-guard).
 * Until a 2025 client has sent `initialize`, a request without the version claim is a malformed
 * modern request and gets -32602 (BASIC §_meta), instead of pinning the connection to the 2025 era.
 */
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { cursorRequestId, invalidCursorError } from './cursor-guard.js';
import { malformedInputResponses, malformedInputResponsesError } from './input-responses-guard.js';

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
export const MODERN_SUPPORTED = ['2026-07-28'];

/** Legacy clients open with `initialize` (ping is allowed before it in 2025-11-25). */
const LEGACY_OPENERS = new Set(['initialize', 'ping']);

/** A request's id, method and the version it claims in `_meta` (undefined when it claims none). */
function inspect(message: JSONRPCMessage): { id: string | number; method: string; version: string | undefined } | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const params = message.params as { _meta?: Record<string, unknown> } | undefined;
  const version = params?._meta?.[VERSION_KEY];
  return { id: message.id, method: message.method, version: typeof version === 'string' ? version : undefined };
}

function errorMessage(id: string | number, code: number, message: string, data?: unknown): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

export class VersionGuardTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  private started = false;
  private legacyOpened = false;

  constructor(
    private readonly inner: Transport,
    private readonly supported: readonly string[] = MODERN_SUPPORTED,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message, extra) => {
      const reply = this.refusal(message);
      if (reply) {
        this.inner.send(reply).catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
        return;
      }
      this.onmessage?.(message, extra);
    };
    await this.inner.start();
  }

  private refusal(message: JSONRPCMessage): JSONRPCMessage | undefined {
    const request = inspect(message);
    if (!request) return undefined;
    if (request.version === undefined) {
      if (request.method === 'initialize') this.legacyOpened = true;
      if (this.legacyOpened || LEGACY_OPENERS.has(request.method)) return undefined;
      return errorMessage(request.id, -32602, `Invalid params: missing _meta ${VERSION_KEY}`, { missing: [VERSION_KEY] });
    }
    if (this.supported.includes(request.version)) {
      const malformed = malformedInputResponses(message);
      if (malformed) return malformedInputResponsesError(malformed.id, malformed.why);
      const cursorId = cursorRequestId(message);
      return cursorId === undefined ? undefined : invalidCursorError(cursorId);
    }
    const data = { supported: [...this.supported], requested: request.version };
    return errorMessage(request.id, -32022, `Unsupported protocol version: ${request.version}`, data);
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
