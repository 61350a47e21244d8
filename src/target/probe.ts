import type { Era, ServerIdentity } from '../core/types.js';
import { LEGACY_VERSION, META, MODERN_ERROR_CODES, MODERN_VERSION, ERROR } from '../spec/constants.js';
import { describe, errorOf, resultOf, type McpClient } from './client.js';
import { HARNESS_INFO, type JsonObject } from './envelope.js';
import type { Exchange } from './transport.js';
import { HttpTransport } from './http.js';
import { StdioTransport } from './stdio.js';
import { field } from '../spec/read.js';

export interface ProbeOutcome {
  era: Era;
  reason: string;
  /** Set when nothing could be learned: the target is unreachable or dead. */
  unreachable?: string;
  discover?: JsonObject;
  discoverExchange?: Exchange;
  legacyInit?: JsonObject;
  /** The exchange that made the run's own connection a 2025 session (legacyInit is its result). */
  legacyInitExchange?: Exchange;
  server?: ServerIdentity;
  supportedVersions?: string[];
  protocolVersion?: string;
  /** A modern server that also serves the 2025 `initialize` handshake. */
  dualEra?: boolean;
}

/**
 * Modern or 2025-era (DIGEST §k): `server/discover` first; a DiscoverResult or a recognised modern error means modern;
 * anything else means try `initialize`. Never decided on one error code alone.
 */
export async function probeEra(client: McpClient, startupTimeoutMs: number): Promise<ProbeOutcome> {
  const kind = client.transport.kind;
  const ex = await client.request('server/discover', {}, { phase: 'probe', timeoutMs: startupTimeoutMs });
  if (ex.failure && ex.failure.failure !== 'timeout')
    return { era: 'unknown', reason: ex.failure.message, unreachable: ex.failure.message, discoverExchange: ex };
  if (ex.failure && kind === 'http')
    return { era: 'unknown', reason: ex.failure.message, unreachable: `server/discover: ${ex.failure.message}`, discoverExchange: ex };
  const result = resultOf(ex);
  if (result && Array.isArray(result.supportedVersions)) {
    const versions = result.supportedVersions.filter((v): v is string => typeof v === 'string');
    const legacy = versions.includes(MODERN_VERSION) ? undefined : await onlyListedVersions(client, startupTimeoutMs, versions);
    if (legacy) return { ...legacy, discover: result, discoverExchange: ex };
    return {
      era: 'modern',
      reason: 'answered server/discover',
      discover: result,
      discoverExchange: ex,
      server: identity(field(result._meta, META.serverInfo)),
      supportedVersions: versions,
      protocolVersion: versions.includes(MODERN_VERSION) ? MODERN_VERSION : versions[0],
    };
  }
  const err = errorOf(ex);
  if (err && typeof err.code === 'number' && MODERN_ERROR_CODES.includes(err.code)) {
    const supported = field(err.data, 'supported');
    return {
      era: 'modern',
      reason: `answered server/discover with the modern error ${err.code}`,
      discoverExchange: ex,
      ...(Array.isArray(supported) ? { supportedVersions: supported.filter((v): v is string => typeof v === 'string') } : {}),
    };
  }
  if (err && err.code === ERROR.methodNotFound && ex.http?.status === 404)
    return { era: 'modern', reason: 'answered server/discover with 404 and a JSON-RPC -32601 body (modern, but discover is missing)', discoverExchange: ex };

  const legacy = await tryInitialize(client, startupTimeoutMs);
  if (legacy.result) {
    const pv = legacy.result.protocolVersion;
    return {
      era: 'legacy',
      reason: `server/discover got ${describe(ex)}; initialize succeeded`,
      discoverExchange: ex,
      legacyInit: legacy.result,
      legacyInitExchange: legacy.ex,
      server: identity(legacy.result.serverInfo),
      ...(typeof pv === 'string' ? { protocolVersion: pv } : {}),
    };
  }
  if (legacy.ex.failure && legacy.ex.failure.failure !== 'timeout')
    return { era: 'unknown', reason: legacy.ex.failure.message, unreachable: legacy.ex.failure.message, discoverExchange: ex };
  // Neither handshake worked: a modern server without discover still answers modern requests.
  const list = await client.request('tools/list', {}, { phase: 'probe', timeoutMs: startupTimeoutMs });
  if (resultOf(list)) return { era: 'modern', reason: `server/discover got ${describe(ex)} but modern tools/list was served`, discoverExchange: ex };
  const why = `server/discover got ${describe(ex)}; initialize got ${describe(legacy.ex)}; tools/list got ${describe(list)}`;
  return { era: 'unknown', reason: why, unreachable: `the server answered no known handshake (${why})`, discoverExchange: ex };
}

/**
 * A DiscoverResult whose supportedVersions leaves out 2026-07-28 may be true: the server answers discover under any
 * version but serves nothing else of 2026-07-28 (a client picks from the list, DIGEST §k, and here only 2025 versions
 * are on it). When a modern request is then refused (-32022, or an HTTP error status without a JSON-RPC error) and the 2025 handshake is
 * served, the server is 2025-era; grading it by 2026-07-28 would blame every check's subject for that one refusal.
 * A server that serves the modern request anyway stays modern (its list is what is wrong).
 */
async function onlyListedVersions(client: McpClient, timeoutMs: number, versions: readonly string[]): Promise<ProbeOutcome | undefined> {
  const modern = await client.request('tools/list', {}, { phase: 'probe', timeoutMs });
  // Refused for its version: -32022, or an HTTP refusal with no JSON-RPC error at all (some servers answer a plain 400
  // that names the version). Any other JSON-RPC error, or no answer, leaves the era to the discover answer.
  const err = errorOf(modern);
  const refused = err ? err.code === ERROR.unsupportedVersion : (modern.http?.status ?? 0) >= 400;
  if (!refused) return undefined;
  const legacy = await tryInitialize(client, timeoutMs);
  if (!legacy.result) return undefined;
  const pv = legacy.result.protocolVersion;
  return {
    era: 'legacy',
    reason: `server/discover lists only ${versions.join(', ')} and tools/list naming ${MODERN_VERSION} got ${describe(modern)}; initialize succeeded`,
    legacyInit: legacy.result,
    legacyInitExchange: legacy.ex,
    server: identity(legacy.result.serverInfo),
    supportedVersions: [...versions],
    ...(typeof pv === 'string' ? { protocolVersion: pv } : {}),
  };
}

async function tryInitialize(client: McpClient, timeoutMs: number, phase = 'probe'): Promise<{ ex: Exchange; result?: JsonObject }> {
  const http = client.transport instanceof HttpTransport ? client.transport : undefined;
  // A fresh handshake carries no old session.
  if (http) http.legacySession = undefined;
  const id = client.nextId();
  const ex = await client.requestRaw(
    {
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: HARNESS_INFO },
    },
    { phase, timeoutMs, headers: { 'MCP-Protocol-Version': null, 'Mcp-Method': null } },
  );
  const result = resultOf(ex);
  if (!result || typeof result.protocolVersion !== 'string') return { ex };
  const session = ex.http?.headers['mcp-session-id'];
  // From here on the connection is a 2025 session: every request carries its id and the negotiated version.
  if (http)
    http.legacySession = {
      ...(session ? { id: session } : {}),
      protocolVersion: result.protocolVersion,
      reinitialize: async () => !!(await tryInitialize(client, timeoutMs, 'reinitialize')).result,
    };
  if (client.transport instanceof StdioTransport) client.transport.in2025Session = true;
  await client.transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' }, { phase, timeoutMs, headers: { 'Mcp-Method': null } });
  return { ex, result };
}

function identity(v: unknown): ServerIdentity | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as JsonObject;
  const out: ServerIdentity = {};
  if (typeof o.name === 'string') out.name = o.name;
  if (typeof o.version === 'string') out.version = o.version;
  return out;
}
