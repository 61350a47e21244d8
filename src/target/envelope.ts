import { VERSION } from '../version.js';
import { HEADER, META, MODERN_VERSION, NAME_HEADER_PARAM } from '../spec/constants.js';

export type JsonObject = Record<string, unknown>;
export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: JsonObject;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JsonObject;
}

/** How to build the `_meta` envelope of one request; the defaults are a correct 2026-07-28 client. */
export interface EnvelopeOptions {
  protocolVersion?: string;
  clientCapabilities?: JsonObject;
  clientInfo?: { name: string; version: string } | null;
  /** Leave these required keys out, to test the server's validation (DIGEST §b). */
  omit?: ('meta' | 'protocolVersion' | 'clientCapabilities')[];
  extraMeta?: JsonObject;
}

export const HARNESS_INFO = { name: 'mcp-assay', version: VERSION };

/** What every POST of a message carries, in either era. */
export const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } as const;

/**
 * Params as a 2025-11-25 client sends them inside its session: no per-request protocol version, capabilities or
 * client info (those came with initialize); any other `_meta` (a progress token) stays.
 */
export function legacyParams(params: JsonObject | undefined): JsonObject {
  const out: JsonObject = { ...(params ?? {}) };
  const meta = out._meta as JsonObject | undefined;
  if (!meta || typeof meta !== 'object') return out;
  const kept = Object.fromEntries(Object.entries(meta).filter(([k]) => k !== META.protocolVersion && k !== META.clientCapabilities && k !== META.clientInfo));
  if (Object.keys(kept).length) out._meta = kept;
  else delete out._meta;
  return out;
}

/** Headers 2026-07-28 added, which a 2025 client never sends; `null` removes what a transport would add. */
export const NO_MODERN_HEADERS = { [HEADER.method]: null, [HEADER.name]: null } as const;

export function buildParams(params: JsonObject | undefined, o: EnvelopeOptions = {}): JsonObject {
  const out: JsonObject = { ...(params ?? {}) };
  if (o.omit?.includes('meta')) {
    delete out._meta;
    return out;
  }
  const meta: JsonObject = { ...((params?._meta as JsonObject | undefined) ?? {}) };
  if (!o.omit?.includes('protocolVersion')) meta[META.protocolVersion] = o.protocolVersion ?? MODERN_VERSION;
  if (!o.omit?.includes('clientCapabilities')) meta[META.clientCapabilities] = o.clientCapabilities ?? {};
  if (o.clientInfo !== null) meta[META.clientInfo] = o.clientInfo ?? HARNESS_INFO;
  Object.assign(meta, o.extraMeta);
  out._meta = meta;
  return out;
}

const PLAIN_VISIBLE_ASCII = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** Header value encoding: plain visible ASCII as-is, anything else as the base64 sentinel (DIGEST §b). */
export function encodeHeaderValue(v: string): string {
  if (PLAIN_VISIBLE_ASCII.test(v) && !/^=\?base64\?.*\?=$/.test(v)) return v;
  return `=?base64?${Buffer.from(v, 'utf8').toString('base64')}?=`;
}

/** The standard 2026-07-28 headers for a POST carrying `msg`. */
export function standardHeaders(msg: { method: string; params?: JsonObject }): Record<string, string> {
  const h: Record<string, string> = { ...POST_HEADERS };
  const meta = msg.params?._meta as JsonObject | undefined;
  const version = meta?.[META.protocolVersion];
  if (typeof version === 'string') h[HEADER.protocolVersion] = version;
  h[HEADER.method] = msg.method;
  const nameParam = NAME_HEADER_PARAM[msg.method];
  const nameValue = nameParam ? msg.params?.[nameParam] : undefined;
  if (typeof nameValue === 'string') h[HEADER.name] = encodeHeaderValue(nameValue);
  return h;
}
