/** JSON-RPC shapes shared by the flawed server's core and transports. */

export type JsonRpcId = string | number;
export type Json = Record<string, unknown>;

export const MODERN_VERSION = '2026-07-28';
export const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CAPS = 'io.modelcontextprotocol/clientCapabilities';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const SERVER_INFO = { name: 'flawed-server', version: '0.1.0' } as const;

/** A request that passed the envelope checks; `version` is undefined only when `meta-unchecked` let it through. */
export interface RpcRequest {
  id: JsonRpcId;
  method: string;
  params: Json;
  clientCapabilities: Json;
  version: string | undefined;
}

/**
 * What a transport must do. `status` is the HTTP status to use; stdio ignores it.
 * `stream` replies are the hostile faults the transport renders itself.
 */
export type Reply =
  { kind: 'json'; status: number; body: Json } | { kind: 'none' } | { kind: 'stream'; fault: 'huge-body' | 'endless-sse' | 'hang'; id: JsonRpcId };

/** `id: null` answers a request whose id could not be read (JSON-RPC 2.0 §5); undefined leaves the id out. */
export function errorReply(id: JsonRpcId | null | undefined, status: number, code: number, message: string, data?: unknown): Reply {
  const error: Json = { code, message };
  if (data !== undefined) error['data'] = data;
  return { kind: 'json', status, body: { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error } };
}

export function resultReply(id: JsonRpcId, result: Json): Reply {
  return { kind: 'json', status: 200, body: { jsonrpc: '2.0', id, result } };
}

/** Thrown by method handlers; the core turns it into an error response. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly status = 200,
  ) {
    super(message);
  }
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The id-correlation faults: every response answers with an id the client never sent, or with null. */
export function misnumber(faults: ReadonlySet<string>, body: Record<string, unknown>): void {
  if (!('id' in body) || body['id'] === null || !('result' in body || 'error' in body)) return;
  const id = body['id'];
  if (faults.has('response-id-wrong')) body['id'] = typeof id === 'string' || typeof id === 'number' ? `not-${id}` : 'not-an-id';
  else if (faults.has('response-id-null')) body['id'] = null;
}
