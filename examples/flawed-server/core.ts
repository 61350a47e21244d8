/**
 * Transport-neutral request handling of the flawed server: envelope checks (BASIC §_meta),
 * version check (-32022), dispatch, and the result envelope (resultType, cache hints, serverInfo).
 */
import { validateFaults } from './faults.js';
import { initialCities, METHODS, type MethodContext } from './methods.js';
import {
  errorReply,
  isObject,
  META_CAPS,
  META_SERVER_INFO,
  META_VERSION,
  MODERN_VERSION,
  resultReply,
  RpcError,
  SERVER_INFO,
  type Json,
  type JsonRpcId,
  type Reply,
  type RpcRequest,
} from './rpc.js';

export { type Reply, type RpcRequest } from './rpc.js';

const CACHEABLE = new Set(['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read']);
const LISTS_AND_READ = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read']);
const CACHE_HINTS: Record<string, { ttlMs: number; cacheScope: 'public' | 'private' }> = {
  'resources/read': { ttlMs: 10_000, cacheScope: 'public' },
};
const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
/** W3C trace-context keys, the sanctioned unprefixed `_meta` keys (BASIC §_meta, SEP-414). */
const TRACE_KEYS = ['traceparent', 'tracestate', 'baggage'];
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

export interface CoreOptions {
  faults?: readonly string[];
  /** Where side effects are reported (delete_city); stderr by default. */
  log?: (line: string) => void;
}

/** Called after the envelope checks and before the version check: the HTTP header gate (HTTP §headers). */
export type EnvelopeHook = (request: RpcRequest) => Reply | undefined;

export class FlawedCore {
  readonly faults: ReadonlySet<string>;
  /** How many times each tool was called; a safe harness must leave `delete_city` at 0. */
  readonly toolCalls: Record<string, number> = {};
  /** Requests (messages with an id) seen so far, for `die-mid-run`. */
  requests = 0;
  /** tools/call results served so far, for `version-unchecked-after-call`. */
  private callsServed = 0;
  /** Capabilities seen per trace id, for `capabilities-carried-over` (a server must never do this: BASIC §_meta). */
  private readonly traceCapabilities = new Map<string, Json>();
  private readonly context: MethodContext;

  constructor(options: CoreOptions = {}) {
    this.faults = new Set(validateFaults(options.faults ?? []));
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    this.context = { faults: this.faults, toolCalls: this.toolCalls, log, listCalls: 0, cities: initialCities() };
  }

  handle(message: unknown, afterEnvelope?: EnvelopeHook): Reply {
    if (!isObject(message) || message['jsonrpc'] !== '2.0' || typeof message['method'] !== 'string') {
      return errorReply(validId(message), 400, -32600, 'Invalid Request: expected a JSON-RPC 2.0 request object');
    }
    if (!('id' in message)) return { kind: 'none' };
    this.requests++;
    const id = validId(message);
    if (id === undefined) return errorReply(undefined, 400, -32600, 'Invalid Request: id must be a string or an integer');
    const method = message['method'];
    const params = message['params'] ?? {};
    if (!isObject(params)) return errorReply(id, 400, -32602, 'Invalid params: params must be an object');

    const meta = params['_meta'];
    const version = isObject(meta) ? meta[META_VERSION] : undefined;
    const caps = isObject(meta) ? meta[META_CAPS] : undefined;
    if (method === 'initialize' && version === undefined && !this.faults.has('meta-unchecked')) {
      // A 2025 client's handshake: a modern-only server SHOULD name its versions in the error (VER).
      const requested = typeof params['protocolVersion'] === 'string' ? params['protocolVersion'] : 'unknown';
      if (this.faults.has('initialize-versions-unlisted')) return errorReply(id, 400, -32022, `Unsupported protocol version: ${requested}`);
      return errorReply(id, 400, -32022, `Unsupported protocol version: ${requested}`, { supported: [MODERN_VERSION], requested });
    }
    if (!this.faults.has('meta-unchecked')) {
      // Both keys are required on every request; a missing one is -32602 / HTTP 400 (BASIC §_meta).
      const missing = !isObject(meta) ? ['_meta'] : [...(typeof version === 'string' ? [] : [META_VERSION]), ...(isObject(caps) ? [] : [META_CAPS])];
      if (missing.length > 0) return errorReply(id, 400, -32602, `Invalid params: missing or malformed ${missing.join(', ')}`, { missing });
    }
    const refused = this.metaFault(id, isObject(meta) ? meta : {});
    if (refused) return refused;
    const declared = isObject(caps) ? caps : {};
    const request: RpcRequest = {
      id,
      method,
      params,
      clientCapabilities: this.carriedOver(isObject(meta) ? meta : {}, declared),
      version: typeof version === 'string' ? version : undefined,
    };
    const gated = afterEnvelope?.(request);
    if (gated) return gated;

    // The version is checked on every request, not only until the first call (BASIC §_meta; DIGEST §b stdio bug).
    const lateCall = this.faults.has('version-unchecked-after-call') && method === 'tools/call' && this.callsServed > 0;
    if (request.version !== undefined && request.version !== MODERN_VERSION && !this.faults.has('version-unchecked') && !lateCall) {
      if (this.faults.has('version-error-bad-data')) return errorReply(id, 200, -32022, 'Unsupported protocol version');
      return errorReply(id, 400, -32022, `Unsupported protocol version: ${request.version}`, { supported: [MODERN_VERSION], requested: request.version });
    }
    return this.dispatch(request);
  }

  /** clientInfo is optional and trace-context keys are allowed; two faults refuse them anyway (BASIC §_meta). */
  private metaFault(id: JsonRpcId, meta: Json): Reply | undefined {
    if (this.faults.has('client-info-required') && meta[META_CLIENT_INFO] === undefined) {
      return errorReply(id, 400, -32602, `Invalid params: missing _meta ${META_CLIENT_INFO}`);
    }
    const trace = TRACE_KEYS.find((k) => k in meta);
    if (this.faults.has('trace-context-rejected') && trace) return errorReply(id, 400, -32602, `Invalid params: unknown _meta key ${trace}`);
    return undefined;
  }

  /** Capabilities are per request; under `capabilities-carried-over` a trace id remembers earlier declarations. */
  private carriedOver(meta: Json, declared: Json): Json {
    const traceId = typeof meta['traceparent'] === 'string' ? TRACEPARENT.exec(meta['traceparent'])?.[1] : undefined;
    if (!this.faults.has('capabilities-carried-over') || traceId === undefined) return declared;
    const merged = { ...this.traceCapabilities.get(traceId), ...declared };
    this.traceCapabilities.set(traceId, merged);
    return merged;
  }

  private dispatch(request: RpcRequest): Reply {
    const { id, method } = request;
    const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
    if (!handler || (method === 'server/discover' && this.faults.has('discover-unimplemented'))) {
      if (this.faults.has('unknown-method-wrong')) return errorReply(id, 200, -32603, `Internal error: cannot handle ${method}`);
      // Unknown and removed methods (initialize, ping, ...) are -32601 with HTTP 404 (HTTP §status codes).
      return errorReply(id, 404, -32601, `Method not found: ${method}`);
    }
    try {
      const outcome = handler(request, this.context);
      if ('stream' in outcome) return { kind: 'stream', fault: outcome.stream, id };
      if (method === 'tools/call') this.callsServed++;
      return resultReply(id, this.finish(request, outcome.result));
    } catch (err) {
      if (err instanceof RpcError) return errorReply(id, err.status, err.code, err.message, err.data);
      return errorReply(id, 500, -32603, `Internal error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Adds the result envelope, then lets the result faults break it. */
  private finish(request: RpcRequest, result: Json): Json {
    const method = request.method;
    const out: Json = { ...result };
    out['resultType'] ??= 'complete';
    // Every result names the server in _meta (BASIC §_meta, SHOULD).
    if (!this.faults.has('server-info-missing')) out['_meta'] = { ...(isObject(out['_meta']) ? out['_meta'] : {}), [META_SERVER_INFO]: { ...SERVER_INFO } };
    if (CACHEABLE.has(method) && out['resultType'] === 'complete') {
      const hint = CACHE_HINTS[method] ?? { ttlMs: 60_000, cacheScope: 'public' };
      out['ttlMs'] ??= hint.ttlMs;
      out['cacheScope'] ??= hint.cacheScope;
    }
    const f = this.faults;
    if (f.has('discover-missing-fields') && method === 'server/discover') {
      delete out['capabilities'];
      delete out['ttlMs'];
      delete out['cacheScope'];
    }
    if (f.has('cache-hints-missing') && LISTS_AND_READ.has(method)) {
      delete out['ttlMs'];
      delete out['cacheScope'];
    }
    if (f.has('cache-hints-invalid') && method === 'tools/list') out['ttlMs'] = -5;
    if (f.has('cache-hints-invalid') && method === 'resources/read') out['cacheScope'] = 'shared';
    if (f.has('cache-scope-per-page') && method === 'resources/list' && request.params['cursor'] !== undefined) out['cacheScope'] = 'private';
    if (f.has('result-type-missing')) delete out['resultType'];
    if (f.has('result-type-unknown') && out['resultType'] === 'complete') out['resultType'] = 'done';
    return out;
  }
}

function validId(message: unknown): JsonRpcId | undefined {
  const id = isObject(message) ? message['id'] : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
}
