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
import { Readable } from 'node:stream';
import { CONFIG_FILE_NAMES } from '../core/config-file-names.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, deriveTimeouts } from '../core/timeouts.js';
import { MODERN_VERSION } from '../spec/constants.js';
import { listChangedFilter, narrowFilter } from '../spec/listen-filter.js';
import { field } from '../spec/read.js';
import { buildParams, standardHeaders, type JsonObject, type JsonRpcRequest } from './envelope.js';
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

/** A chunk of a held response body and when it arrived (performance.now()). */
export interface HeldChunk {
  chunk: Buffer;
  at: number;
}

/**
 * A `subscriptions/listen` sent ahead, until the stream of the check that would send it adopts it (http-stream.ts).
 * Its body is read as it arrives, each chunk with its arrival time, so a window opens when its acknowledgement came
 * in, not when the check got round to it.
 */
export interface ListenAhead {
  body: string;
  headers: Record<string, string>;
  /** performance.now() when it went out. */
  sentAt: number;
  /** Its status and headers, and its body as held chunks, then as they come; ends (or throws) as the body does. */
  response: Promise<{ res: Dispatcher.ResponseData; chunks: AsyncIterable<HeldChunk> }>;
  /** Aborts it (the stream's close, or nobody adopted it). */
  cancel(reason: unknown): void;
}

let listens: ListenAhead[] = [];
/** Whether a transport adopted the probe: the listens sent after it are then that transport's to adopt or release. */
let probeAdopted = false;

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
  probeAdopted = false;
  // The retry rule counts the requests each socket carried: it must see this one too.
  watchSockets();
  const msg = discoverRequest();
  const headers = standardHeaders(msg);
  const body = JSON.stringify(msg);
  const agent = new Agent(HTTP_POOL);
  const ctl = new AbortController();
  const sentAt = performance.now();
  const sent = request(url, { method: 'POST', headers, body, signal: ctl.signal, dispatcher: agent });
  const pending = argv.some((a) => NOT_FOR_LISTENS.some((o) => a === o || a.startsWith(`${o}=`))) ? sent : sent.then((res) => listenAhead(url, agent, res));
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

/**
 * Neutral options after which only the probe goes ahead: `--timeout` sets the listen streams' own timeouts, and
 * `--deadline` and `--concurrency` may change when, or whether, the window-bound checks open them.
 */
const NOT_FOR_LISTENS = ['--timeout', '--deadline', '--concurrency'];

/** Past this many bytes a JSON answer to server/discover is not read ahead (the probe reads it as usual). */
const PLAN_BYTES = 256 * 1024;

/**
 * Reads the probe's answer as soon as it comes, while the checks still load, and when it is a plain 2026-07-28
 * answer sends the two listen requests the window-bound checks will send first, exactly as they will build them:
 * subscriptions/filter-honoured (id 2, one type) and then subscriptions/notifications-tagged (id 3, every type): the
 * run's client numbers the probe 1 and these two next (the dual-era question's id is a string). Not when the server
 * offers resource subscriptions (that filter needs resources/list first) or no listChanged at all, nor for an SSE
 * answer, an error or a 2025-era answer. The probe still reads the same bytes; a listen nobody adopts is cancelled
 * and recorded as `head-start` (http.ts).
 */
async function listenAhead(url: string, agent: Agent, res: Dispatcher.ResponseData): Promise<Dispatcher.ResponseData> {
  if (res.statusCode !== 200 || !/^application\/json\b/i.test(String(res.headers['content-type'] ?? ''))) return res;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const c of res.body) {
      chunks.push(c as Buffer);
      size += (c as Buffer).length;
      if (size > PLAN_BYTES) return { ...res, body: replay(chunks, res.body) };
    }
  } catch (e) {
    return { ...res, body: replay(chunks, undefined, e instanceof Error ? e : new Error(String(e))) };
  }
  const replayed = { ...res, body: replay(chunks) } as Dispatcher.ResponseData;
  let answer: unknown;
  try {
    answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return replayed;
  }
  const result = field(answer, 'result');
  const caps = field(result, 'capabilities');
  const versions = field(result, 'supportedVersions');
  if (field(answer, 'id') !== 1 || field(answer, 'error') !== undefined || !Array.isArray(versions) || !versions.includes(MODERN_VERSION)) return replayed;
  if (!caps || typeof caps !== 'object' || field(field(caps, 'resources'), 'subscribe') === true) return replayed;
  const offered = listChangedFilter(caps);
  if (!Object.keys(offered).length) return replayed;
  // The stream's own timeouts, as the run derives them without --timeout (the deadline plays no part in them).
  const hold = deriveTimeouts({ timeoutMs: DEFAULT_REQUEST_TIMEOUT_MS, deadlineMs: 0 }, 'http').listenHold;
  listens = [sendListen(url, agent, 2, narrowFilter(offered), hold), sendListen(url, agent, 3, offered, hold)];
  return replayed;
}

/** A body that gives these chunks, then the rest of `rest` (or throws `failure`); destroying it destroys `rest`. */
function replay(chunks: Buffer[], rest?: Dispatcher.ResponseData['body'], failure?: Error): Dispatcher.ResponseData['body'] {
  const body = Readable.from(
    (async function* () {
      try {
        yield* chunks;
        if (rest) for await (const c of rest) yield c as Buffer;
        if (failure) throw failure;
      } finally {
        rest?.destroy();
      }
    })(),
    { objectMode: false },
  );
  return body as unknown as Dispatcher.ResponseData['body'];
}

function sendListen(url: string, agent: Agent, id: number, filter: JsonObject, timeoutMs: number): ListenAhead {
  const msg: JsonRpcRequest = { jsonrpc: '2.0', id, method: 'subscriptions/listen', params: buildParams({ notifications: filter }) };
  const headers = standardHeaders(msg);
  const body = JSON.stringify(msg);
  const ctl = new AbortController();
  const sentAt = performance.now();
  const response = request(url, {
    method: 'POST',
    headers,
    body,
    signal: ctl.signal,
    dispatcher: agent,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  }).then((res) => ({ res, chunks: heldBody(res.body) }));
  response.catch(() => undefined);
  return { body, headers, sentAt, response, cancel: (reason) => ctl.abort(reason) };
}

/** Reads `body` from now on, keeping each chunk with its arrival time, for whoever iterates later (once). */
function heldBody(body: Dispatcher.ResponseData['body']): AsyncIterable<HeldChunk> {
  const queue: HeldChunk[] = [];
  let ended = false;
  let failure: { e: unknown } | undefined;
  let wake: (() => void) | undefined;
  const poke = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  body.on('data', (chunk: Buffer) => (queue.push({ chunk, at: performance.now() }), poke()));
  body.once('end', () => ((ended = true), poke()));
  body.once('error', (e) => ((failure = { e }), poke()));
  body.once('close', () => ((ended = true), poke()));
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          const next = queue.shift();
          if (next) {
            yield next;
            continue;
          }
          if (failure) throw failure.e;
          if (ended) return;
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        body.destroy();
      }
    },
  };
}

/** The request sent ahead to exactly this URL without headers of the user's, once; undefined when there is none. */
export function claimSentAhead(url: string, userHeaders: Record<string, string> | undefined): SentAhead | undefined {
  if (!ahead || ahead.url !== url || (userHeaders && Object.keys(userHeaders).length)) return undefined;
  const taken = ahead;
  ahead = undefined;
  probeAdopted = true;
  return taken;
}

/** The listen requests sent ahead (for the transport that adopted the probe), once. */
export function claimListensAhead(): ListenAhead[] {
  return listens.splice(0);
}

/** Cancels a request sent ahead that no transport adopted, and closes its pool. */
export async function releaseSentAhead(): Promise<void> {
  const left = ahead;
  ahead = undefined;
  // Listens of an adopted probe are recorded and cancelled when its transport closes (http.ts).
  if (!probeAdopted) for (const l of listens.splice(0)) l.cancel(new Error('not adopted'));
  if (!left) return;
  const stop = new AbortController();
  void left.answer(stop.signal).catch(() => undefined);
  stop.abort();
  await left.agent.destroy().catch(() => undefined);
}
