/**
 * The Streamable HTTP header gate (HTTP §request headers, SEP-2243): MCP-Protocol-Version must match
 * `_meta`, Mcp-Method must match `method`, Mcp-Name must match `params.name` / `params.uri`, and each
 * `Mcp-Param-{Name}` must mirror the tool argument annotated `x-mcp-header`.
 * Mismatch, absence or invalid characters -> HTTP 400 with -32020.
 */
import type { IncomingMessage } from 'node:http';
import { toolList } from './catalogue.js';
import type { EnvelopeHook } from './core.js';
import { errorReply, isObject, resultReply, type Json, type Reply, type RpcRequest } from './rpc.js';

const NAME_PARAM: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
const VISIBLE_ASCII = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The text inside a base64 sentinel, or null when the sentinel is broken (alphabet, padding, UTF-8). */
function decodeSentinel(value: string): string | null {
  const match = SENTINEL.exec(value);
  if (!match || match[1] === undefined || match[1].length % 4 !== 0) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(match[1], 'base64'));
  } catch {
    return null;
  }
}

/** Reads headers as the request carried them; the name-case fault looks names up by their exact spelling. */
function reader(req: IncomingMessage, faults: ReadonlySet<string>): (name: string) => string | undefined {
  if (!faults.has('headers-name-case-sensitive'))
    return (name) => {
      const v = req.headers[name.toLowerCase()];
      return v === undefined ? undefined : (Array.isArray(v) ? v.join(',') : v).trim();
    };
  return (name) => {
    const i = req.rawHeaders.findIndex((h, j) => j % 2 === 0 && h === name);
    return i < 0 ? undefined : (req.rawHeaders[i + 1] ?? '').trim();
  };
}

/** The MCP header lines of a raw request head whose value has whitespace of its own at an edge. */
function paddedMcpHeaders(rawHead: string): string[] {
  const lines = rawHead.split('\r\n\r\n')[0]?.split('\r\n').slice(1) ?? [];
  const padded = (l: string) => {
    const value = l.slice(l.indexOf(':') + 1);
    // One space after the colon is the usual separator; whitespace beyond it belongs to the value's edges.
    return /^[ \t]|[ \t]$/.test(value.startsWith(' ') ? value.slice(1) : value);
  };
  return lines.filter((l) => /^mcp-/i.test(l) && padded(l)).map((l) => l.slice(0, l.indexOf(':')));
}

export function headerGate(req: IncomingMessage, faults: ReadonlySet<string>, rawHead?: string): EnvelopeHook {
  return (request: RpcRequest): Reply | undefined => {
    const padded = rawHead !== undefined && faults.has('headers-whitespace-rejected') ? paddedMcpHeaders(rawHead) : [];
    const problem = padded.length
      ? `whitespace around the value of ${padded.join(', ')}`
      : (findProblem(reader(req, faults), request, faults) ?? paramProblem(reader(req, faults), request, faults));
    if (problem === undefined) return undefined;
    const code = faults.has('headers-wrong-code') ? -32600 : -32020;
    return errorReply(request.id, 400, code, `Header mismatch: ${problem}`);
  };
}

function decoded(raw: string | undefined): string | undefined | null {
  return raw === undefined ? undefined : raw.startsWith('=?base64?') ? decodeSentinel(raw) : raw;
}

function findProblem(get: (name: string) => string | undefined, request: RpcRequest, faults: ReadonlySet<string>): string | undefined {
  const version = decoded(get('MCP-Protocol-Version'));
  if (version === null || (version === undefined && !faults.has('headers-version-optional'))) return 'MCP-Protocol-Version header is missing or malformed';
  if (version !== undefined && request.version !== undefined && version !== request.version && !faults.has('headers-version-unchecked')) {
    return `MCP-Protocol-Version header '${version}' does not match _meta protocolVersion '${request.version}'`;
  }
  if (!faults.has('headers-method-unchecked')) {
    const method = decoded(get('Mcp-Method'));
    if (method === undefined || method === null) return 'Mcp-Method header is missing or malformed';
    const same = faults.has('headers-method-case-insensitive') ? method.toLowerCase() === request.method.toLowerCase() : method === request.method;
    if (!same) return `Mcp-Method header '${method}' does not match body method '${request.method}'`;
  }
  const param = NAME_PARAM[request.method];
  const bodyValue = param === undefined ? undefined : request.params[param];
  // When the body has no value, the header must be omitted and is not expected (HTTP §value encoding).
  if (typeof bodyValue === 'string' && !faults.has('headers-name-unchecked')) {
    const raw = get('Mcp-Name');
    const name = faults.has('headers-base64-undecoded') ? raw : decoded(raw);
    if (name === undefined || name === null) return 'Mcp-Name header is missing or malformed';
    if (name !== bodyValue) return `Mcp-Name header '${name}' does not match body value '${bodyValue}'`;
  }
  return undefined;
}

interface Declaration {
  header: string;
  path: string[];
  type: unknown;
}

/** Valid `x-mcp-header` declarations: tokens on scalar properties reached through `properties` alone. */
function declarations(schema: unknown, path: string[] = []): Declaration[] {
  const props = isObject(schema) && isObject(schema['properties']) ? schema['properties'] : {};
  return Object.entries(props).flatMap(([key, sub]) => {
    if (!isObject(sub)) return [];
    const header = sub['x-mcp-header'];
    const own =
      typeof header === 'string' && TOKEN.test(header) && ['string', 'integer', 'boolean'].includes(String(sub['type']))
        ? [{ header, path: [...path, key], type: sub['type'] }]
        : [];
    return [...own, ...declarations(sub, [...path, key])];
  });
}

function valueAt(args: Json, path: string[]): unknown {
  return path.reduce<unknown>((cur, k) => (isObject(cur) ? cur[k] : undefined), args);
}

/** Mcp-Param-* against the arguments (HTTP §custom headers): required when the value is present and not null. */
function paramProblem(get: (name: string) => string | undefined, request: RpcRequest, faults: ReadonlySet<string>): string | undefined {
  if (request.method !== 'tools/call') return undefined;
  const tool = toolList(faults).find((t) => t['name'] === request.params['name']);
  const args = isObject(request.params['arguments']) ? request.params['arguments'] : {};
  for (const d of declarations(tool?.['inputSchema'])) {
    const name = `Mcp-Param-${d.header}`;
    const body = valueAt(args, d.path);
    const raw = get(name);
    if (body === undefined || body === null) {
      if (body === null && raw === undefined && faults.has('param-null-expected')) return `${name} header is missing for a null argument`;
      continue;
    }
    if (raw === undefined) {
      if (faults.has('param-missing-accepted')) continue;
      return `${name} header is missing while ${d.path.join('.')} is in the body`;
    }
    const value = faults.has('param-base64-undecoded') ? raw : raw.startsWith('=?base64?') ? decodeSentinel(raw) : VISIBLE_ASCII.test(raw) ? raw : null;
    if (value === null) {
      if (faults.has('param-invalid-accepted')) continue;
      return `${name} header has invalid characters`;
    }
    if (!sameValue(value, body, d.type, faults) && !faults.has('param-mismatch-accepted'))
      return `${name} header '${value}' does not match ${d.path.join('.')} ${JSON.stringify(body)}`;
  }
  return undefined;
}

/** Integers compare numerically (42 equals 42.0); strings and booleans compare exactly. */
function sameValue(header: string, body: unknown, type: unknown, faults: ReadonlySet<string>): boolean {
  if (type === 'integer' && !faults.has('param-integer-as-string')) return /^[+-]?\d+(?:\.\d+)?$/.test(header) && Number(header) === body;
  return header === String(body);
}

/** Removed-method faults, shared by both transports: runs after the envelope checks, before dispatch. */
export function removedMethodHook(faults: ReadonlySet<string>): EnvelopeHook {
  return (request) => {
    if (request.method === 'initialize' && faults.has('initialize-wrong-code'))
      return errorReply(request.id, 400, -32600, 'Invalid Request: initialize is not supported');
    const removed = ['ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'];
    if (removed.includes(request.method) && faults.has('removed-methods-served')) return resultReply(request.id, { resultType: 'complete' });
    return undefined;
  };
}
