/**
 * Web-standard wrapper around the SDK handler: DNS-rebinding checks (HTTP: Origin MUST be validated,
 * invalid -> 403), 405 + `Allow: POST` for other verbs, and error bodies kept valid against the
 * 2026-07-28 schema (`id` is a string or integer, never null, so an unknown id is omitted).
 */
import { hostHeaderValidationResponse, localhostAllowedHostnames, localhostAllowedOrigins, originValidationResponse } from '@modelcontextprotocol/server';
import { cursorRequestId, invalidCursorError } from './cursor-guard.js';
import { malformedInputResponses, malformedInputResponsesError } from './input-responses-guard.js';

type FetchHandler = (request: Request) => Promise<Response>;

/** The JSON-RPC id of a POSTed request, when the body is a single request with a usable id. */
async function requestId(request: Request): Promise<string | number | undefined> {
  try {
    const body: unknown = await request.clone().json();
    const id = (body as { id?: unknown } | null)?.id;
    return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}

function jsonError(status: number, code: number, message: string, id: string | number | undefined, headers: Record<string, string> = {}): Response {
  const body = { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message } };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Drops `"id": null` from a JSON error body (the SDK writes it for parse errors and gate rejections). */
async function withoutNullId(response: Response): Promise<Response> {
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').startsWith('application/json')) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers: response.headers });
  }
  if (body && typeof body === 'object' && 'id' in body && body.id === null) delete (body as { id?: unknown }).id;
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

export function guardLocalhost(inner: FetchHandler): FetchHandler {
  return async (request) => {
    const rejected = hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? originValidationResponse(request, localhostAllowedOrigins());
    if (rejected) {
      const why = rejected.headers.get('content-type')?.includes('json')
        ? ((await rejected.json()) as { error?: { message?: string } }).error?.message
        : undefined;
      return jsonError(403, -32600, why ?? 'Forbidden: Host or Origin not allowed', request.method === 'POST' ? await requestId(request) : undefined);
    }
    // Modern-only endpoint: no GET stream, no DELETE session (HTTP, CL major 1).
    if (request.method !== 'POST') return jsonError(405, -32600, 'Method not allowed; send JSON-RPC with POST', undefined, { allow: 'POST' });
    const message: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    // SDK 2.4 runs the handler on a malformed inputResponses; refuse it first (MRTR: SHOULD be an error).
    const malformed = malformedInputResponses(message);
    if (malformed)
      return new Response(JSON.stringify(malformedInputResponsesError(malformed.id, malformed.why)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const cursorId = cursorRequestId(message);
    const response = await inner(request);
    // Only a request the SDK accepted (headers and _meta valid) is turned into the invalid-cursor error.
    if (cursorId !== undefined && response.status === 200) {
      const text = await response.text();
      if (/"result"\s*:/.test(text))
        return new Response(JSON.stringify(invalidCursorError(cursorId)), { status: 200, headers: { 'content-type': 'application/json' } });
      return new Response(text, { status: response.status, headers: response.headers });
    }
    return withoutNullId(response);
  };
}
