/**
 * A head start for a URL target: `check <url>` sends its first request, `server/discover`, as soon as the CLI has read
 * its arguments, before it loads its checks, so the server's answer (and the connection's set-up) overlap our loading
 * instead of following it. The run's transport adopts the request with its connection pool (http.ts): it is the very
 * request the run's probe sends (the same body, headers and pool, built by the same functions), recorded in the wire
 * log when the probe makes it and timed from when it went out; its answer is read and recorded there like any other.
 *
 * Only when the run is sure to probe exactly this URL in exactly this way: no config file (it may add headers or
 * narrow the checks) and only options that change neither the target nor the checks (target/head-start.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE_NAMES } from '../core/config-file-names.js';
import { buildParams, standardHeaders, type JsonRpcRequest } from './envelope.js';
import { NEUTRAL_OPTIONS, splitInline } from './head-start.js';
import { watchSockets } from './reset-retry.js';
import { Agent, request, type Dispatcher } from './undici.js';

/** The connection pool of an HTTP target (http.ts), made here when the first request goes out ahead. */
export const HTTP_POOL = { keepAliveTimeout: 10_000, connections: 8 } as const;

/** The era probe's first request, as the run's client builds it: id 1, server/discover, a correct 2026-07-28 envelope. */
export function discoverRequest(): JsonRpcRequest {
  return { jsonrpc: '2.0', id: 1, method: 'server/discover', params: buildParams({}) };
}

/** A request sent ahead, until the transport of its URL adopts it (once). */
export interface SentAhead {
  url: string;
  agent: Agent;
  body: string;
  headers: Record<string, string>;
  /** performance.now() when it went out. */
  sentAt: number;
  /** Its answer, cancelled (with the reason) when `signal` aborts: the deadline of the exchange that adopted it. */
  answer(signal: AbortSignal): Promise<Dispatcher.ResponseData>;
}

let ahead: SentAhead | undefined;

/** The URL of `argv` (`check <url> [neutral options]`) when a head start is safe; else undefined. */
export function headStartUrl(argv: readonly string[], cwd: string): string | undefined {
  if (argv[0] !== 'check') return undefined;
  let url: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith('-')) {
      if (url !== undefined) return undefined;
      url = token;
      continue;
    }
    const [flag, inline] = splitInline(token);
    const takesValue = NEUTRAL_OPTIONS[flag];
    if (takesValue === undefined || (!takesValue && inline !== undefined)) return undefined;
    if (takesValue && inline === undefined) i++;
  }
  if (url === undefined || !/^https?:\/\//i.test(url) || !URL.canParse(url)) return undefined;
  if (CONFIG_FILE_NAMES.some((n) => existsSync(path.join(cwd, n)))) return undefined;
  return url;
}

/** Sends the probe's request for the URL in `argv` at once, when a head start is safe (see above); whether it did. */
export function probeAhead(argv: readonly string[], cwd = process.cwd()): boolean {
  const url = headStartUrl(argv, cwd);
  if (url === undefined || ahead) return false;
  // The retry rule counts the requests each socket carried: it must see this one too.
  watchSockets();
  const msg = discoverRequest();
  const headers = standardHeaders(msg);
  const body = JSON.stringify(msg);
  const agent = new Agent(HTTP_POOL);
  const ctl = new AbortController();
  const sentAt = performance.now();
  const pending = request(url, { method: 'POST', headers, body, signal: ctl.signal, dispatcher: agent });
  // Read (and its failure judged) by the exchange that adopts it; until then a failure is no unhandled rejection.
  pending.catch(() => undefined);
  ahead = {
    url,
    agent,
    body,
    headers,
    sentAt,
    answer(signal) {
      if (signal.aborted) ctl.abort(signal.reason);
      else signal.addEventListener('abort', () => ctl.abort(signal.reason), { once: true });
      return pending;
    },
  };
  return true;
}

/** The request sent ahead to exactly this URL without headers of the user's, once; undefined when there is none. */
export function claimSentAhead(url: string, userHeaders: Record<string, string> | undefined): SentAhead | undefined {
  if (!ahead || ahead.url !== url || (userHeaders && Object.keys(userHeaders).length)) return undefined;
  const taken = ahead;
  ahead = undefined;
  return taken;
}

/** Cancels a request sent ahead that no transport adopted, and closes its pool. */
export async function releaseSentAhead(): Promise<void> {
  const left = ahead;
  ahead = undefined;
  if (!left) return;
  const stop = new AbortController();
  void left.answer(stop.signal).catch(() => undefined);
  stop.abort();
  await left.agent.destroy().catch(() => undefined);
}
