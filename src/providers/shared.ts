import { MASK } from '../core/mask.js';
import { ProviderError, type ProviderFailure } from '../core/provider.js';

/** Options every live provider takes. Keys come from the environment only (by variable name), never from a file. */
export interface LiveProviderOptions {
  /** Model name without the vendor prefix. */
  model: string;
  /** Variable that holds the key (default OPENAI_API_KEY / ANTHROPIC_API_KEY). */
  keyEnv?: string;
  /** Endpoint; default: the SDK's (which reads OPENAI_BASE_URL / ANTHROPIC_BASE_URL). */
  baseURL?: string;
  /** Sampling parameters passed through (temperature defaults to 0). */
  params?: Record<string, unknown>;
  /** Per request, ms (default 60 000). */
  timeoutMs?: number;
  /** Retries of 408/409/429/5xx/connection failures, with backoff that honours Retry-After (default 3). */
  maxRetries?: number;
  env?: NodeJS.ProcessEnv;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_RETRIES = 3;

/** Where a provider sends its requests, with which key, and the options both official SDKs' clients take. */
export interface Connection {
  baseURL: string | undefined;
  key: string;
  sdkOptions: { apiKey: string; baseURL?: string; timeout: number; maxRetries: number; logLevel: 'off' };
}

/**
 * The endpoint (option, else `<VENDOR>_BASE_URL`) and key (from `keyEnv`, else `<VENDOR>_API_KEY`) of a provider;
 * a missing key is a `missing-key` error unless the endpoint is on this machine.
 */
export function connect(o: LiveProviderOptions, vendor: 'OPENAI' | 'ANTHROPIC'): Connection {
  const env = o.env ?? process.env;
  const baseURL = o.baseURL ?? env[`${vendor}_BASE_URL`];
  const key = readKey(env, o.keyEnv ?? `${vendor}_API_KEY`, baseURL);
  return {
    baseURL,
    key,
    sdkOptions: {
      apiKey: key,
      ...(baseURL ? { baseURL } : {}),
      timeout: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: o.maxRetries ?? DEFAULT_RETRIES,
      logLevel: 'off',
    },
  };
}

/** Loopback endpoints (Ollama, llama.cpp, LM Studio on this machine) usually need no key. */
export function isLoopback(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const h = new URL(url).hostname;
    return h === 'localhost' || h === '::1' || h === '[::1]' || /^127\./.test(h);
  } catch {
    return false;
  }
}

/** The key from the environment; a missing one is a `missing-key` error naming the variable. */
function readKey(env: NodeJS.ProcessEnv, name: string, baseURL: string | undefined): string {
  const v = env[name];
  if (v) return v;
  if (isLoopback(baseURL)) return 'no-key';
  throw new ProviderError('missing-key', `${name} is not set (the key is read from the environment only)`);
}

/** Error text with the key masked: some APIs echo part of a bad key back. */
export function maskKey(text: string, key: string): string {
  // Real keys are long; masking a two-letter test value would garble every message.
  let out = key.length >= 8 && key !== 'no-key' ? text.split(key).join(MASK) : text;
  out = out.replace(/\b(sk-[A-Za-z0-9_-]{2})[A-Za-z0-9_*-]{6,}/g, `$1${MASK}`);
  return out;
}

/** SDK error (by HTTP status or class name) -> our failure kind. */
export function classify(e: unknown, key: string, vendor: string): ProviderError {
  if (e instanceof ProviderError) return e;
  const err = e as { status?: number; name?: string; message?: string; constructor?: { name?: string } };
  const cls = err.constructor?.name ?? err.name ?? 'Error';
  const status = typeof err.status === 'number' ? err.status : undefined;
  const msg = maskKey(String(err.message ?? e), key);
  let kind: ProviderFailure;
  if (status === 401 || status === 403) kind = 'auth';
  else if (status === 404) kind = 'not-found';
  else if (status === 429) kind = 'rate-limit';
  else if (status !== undefined && status >= 500) kind = 'server';
  else if (status === 408 || /Timeout|Abort/.test(cls)) kind = 'timeout';
  else if (/Connection/.test(cls)) kind = 'network';
  else kind = 'bad-request';
  const what = kind === 'not-found' ? `${vendor}: not found (is the model id right?): ${msg}` : `${vendor}: ${msg}`;
  return new ProviderError(kind, what, status);
}

/** Parameters that go into the cache key: the model's sampling settings and the endpoint's origin, never the key. */
export function cacheParams(baseURL: string | undefined, params: Record<string, unknown>): Record<string, unknown> {
  let origin: string | undefined;
  try {
    origin = baseURL ? new URL(baseURL).origin : undefined;
  } catch {
    origin = baseURL;
  }
  return { ...params, ...(origin ? { baseURL: origin } : {}) };
}

/** `make` runs once, at the first call; later calls share its promise (a rejected one is retried). */
export function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () =>
    (p ??= make().catch((e: unknown) => {
      p = undefined;
      throw e;
    }));
}
