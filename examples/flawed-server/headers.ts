/**
 * The Streamable HTTP header gate (HTTP §request headers, SEP-2243): MCP-Protocol-Version must match
 * `_meta`, Mcp-Method must match `method`, Mcp-Name must match `params.name` / `params.uri`.
 * Mismatch or absence -> HTTP 400 with -32020.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { EnvelopeHook } from './core.js';
import { errorReply, type Reply, type RpcRequest } from './rpc.js';

const NAME_PARAM: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header's value: names are case-insensitive (Node lowercases them), values trimmed, the base64 sentinel decoded. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined | null {
  const raw = headers[name.toLowerCase()];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (!value.startsWith('=?base64?')) return value;
  const match = SENTINEL.exec(value);
  if (!match || match[1] === undefined || match[1].length % 4 !== 0) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(match[1], 'base64'));
  } catch {
    return null;
  }
}

export function headerGate(headers: IncomingHttpHeaders, faults: ReadonlySet<string>): EnvelopeHook {
  return (request: RpcRequest): Reply | undefined => {
    const problem = findProblem(headers, request, faults);
    if (problem === undefined) return undefined;
    const code = faults.has('headers-wrong-code') ? -32600 : -32020;
    return errorReply(request.id, 400, code, `Header mismatch: ${problem}`);
  };
}

function findProblem(headers: IncomingHttpHeaders, request: RpcRequest, faults: ReadonlySet<string>): string | undefined {
  const version = headerValue(headers, 'MCP-Protocol-Version');
  if (version === undefined || version === null) return 'MCP-Protocol-Version header is missing or malformed';
  if (request.version !== undefined && version !== request.version) {
    return `MCP-Protocol-Version header '${version}' does not match _meta protocolVersion '${request.version}'`;
  }
  if (!faults.has('headers-method-unchecked')) {
    const method = headerValue(headers, 'Mcp-Method');
    if (method === undefined || method === null) return 'Mcp-Method header is missing or malformed';
    if (method !== request.method) return `Mcp-Method header '${method}' does not match body method '${request.method}'`;
  }
  const param = NAME_PARAM[request.method];
  const bodyValue = param === undefined ? undefined : request.params[param];
  // When the body has no value, the header must be omitted and is not expected (HTTP §value encoding).
  if (typeof bodyValue === 'string' && !faults.has('headers-name-unchecked')) {
    const name = headerValue(headers, 'Mcp-Name');
    if (name === undefined || name === null) return 'Mcp-Name header is missing or malformed';
    if (name !== bodyValue) return `Mcp-Name header '${name}' does not match body value '${bodyValue}'`;
  }
  return undefined;
}
