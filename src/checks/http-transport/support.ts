import { oneLine } from '../../core/escape.js';
import type { HttpTargetSpec } from '../../core/target-spec.js';
import { buildParams, legacyParams, POST_HEADERS, standardHeaders, type JsonObject, type JsonRpcRequest } from '../../target/envelope.js';
import { probeHttp, type HttpProbeResponse } from '../../target/http-probe.js';
import { HttpTransport } from '../../target/http.js';
import type { CheckContext } from '../types.js';
import { obj } from '../../spec/read.js';

/** The HTTP target, for checks that talk to it below the JSON-RPC client. */
export function httpTarget(t: CheckContext): HttpTargetSpec {
  if (t.spec.kind !== 'http') return t.precondition('not a Streamable HTTP target');
  return t.spec;
}

/** A correct POST for `method` (2026-07-28 headers, or the 2025 session's on a 2025-era server), ready to be altered. */
export function modernPost(t: CheckContext, method: string, params: JsonObject = {}): { id: string; body: string; headers: Record<string, string> } {
  const id = `${t.checkId}-${t.client.nextId()}`;
  const http = t.client.transport instanceof HttpTransport ? t.client.transport : undefined;
  if (http && t.client.speaks2025()) {
    // Inside a 2025 session: the 2025 envelope and headers, which a strict 2025 server insists on.
    const msg: JsonRpcRequest = { jsonrpc: '2.0', id, method, params: legacyParams(params) };
    return {
      id,
      body: JSON.stringify(msg),
      headers: { ...POST_HEADERS, ...http.sessionHeaders() },
    };
  }
  const msg: JsonRpcRequest = { jsonrpc: '2.0', id, method, params: buildParams(params) };
  return { id, body: JSON.stringify(msg), headers: standardHeaders(msg) };
}

/** A request every server of the target's era answers: server/discover, or ping inside a 2025 session. */
export function everyServerAnswers(t: CheckContext): string {
  return t.client.speaks2025() ? 'ping' : 'server/discover';
}

export interface RawOptions {
  method?: string;
  headers: Record<string, string>;
  body?: string;
  id?: string;
  /** How long the body may take to end once the answer started (an old GET stream never ends). */
  endWithinMs?: number;
}

/** One bounded exchange on a private connection, recorded under this check. */
export function raw(t: CheckContext, o: RawOptions): Promise<HttpProbeResponse> {
  return probeHttp(httpTarget(t), t.client.recorder, {
    method: o.method ?? 'POST',
    headers: o.headers,
    ...(o.body !== undefined ? { body: o.body } : {}),
    ...(o.id !== undefined ? { id: o.id } : {}),
    phase: t.checkId,
    timeoutMs: t.timeouts.request,
    endWithinMs: o.endWithinMs ?? 1000,
  });
}

/** One line saying what came back, for `actual`. */
export function rawText(r: HttpProbeResponse): string {
  if (r.failure) return `${r.failure.failure}: ${r.failure.message}`;
  const err = obj(r.final?.error);
  const body = err
    ? `error ${String(err.code)} "${oneLine(String(err.message), 100)}"`
    : r.final
      ? 'a result'
      : r.bodyText
        ? `body "${oneLine(r.bodyText, 80)}"`
        : 'no body';
  return `HTTP ${r.status ?? '?'}${r.sse ? ' (event stream)' : ''}, ${body}`;
}

const LOCAL = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** Whether the target runs on this machine, where DNS rebinding is the threat (HTTP §security). */
export function isLocalTarget(url: string): boolean {
  try {
    return LOCAL.test(new URL(url).hostname);
  } catch {
    return false;
  }
}
