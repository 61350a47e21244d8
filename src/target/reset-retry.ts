/**
 * One retry for a request lost to a kept-alive connection the server closed as we reused it (the idle-close race of
 * HTTP/1.1 keep-alive): only when not one byte of an answer came back, and only for a request whose repeat cannot
 * change the server's state. Anything else stays a failure for the checks to judge.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { parseBounded } from '../core/json-depth.js';
import { at, listItems, str } from '../spec/read.js';
import { toTransportError } from './errors.js';
import { Agent, type Dispatcher } from './undici.js';

/** Per socket: how many requests it carried. Per undici request: its socket and the bytes read before it was sent. */
const uses = new WeakMap<Socket, number>();
const sent = new WeakMap<object, { socket: Socket; bytesAtSend: number; reused: boolean }>();
/** Per error object that failed a request: whether that request went out on a reused socket that then said nothing. */
const silentOnReused = new WeakMap<object, boolean>();
let watching = false;

interface SendHeadersMessage {
  request: object;
  socket: Socket;
}
interface RequestErrorMessage {
  request: object;
  error: unknown;
}

/** undici publishes when a request's headers go out on a socket, and when a request fails: enough to tell a silent reset. */
export function watchSockets(): void {
  if (watching) return;
  watching = true;
  subscribe('undici:client:sendHeaders', (m) => {
    const { request, socket } = m as SendHeadersMessage;
    const n = uses.get(socket) ?? 0;
    uses.set(socket, n + 1);
    sent.set(request, { socket, bytesAtSend: socket.bytesRead, reused: n > 0 });
  });
  subscribe('undici:request:error', (m) => {
    const { request, error } = m as RequestErrorMessage;
    const s = sent.get(request);
    if (s && typeof error === 'object' && error !== null) silentOnReused.set(error, s.reused && s.socket.bytesRead === s.bytesAtSend);
  });
}

/** The cause to record when `e` is a reused keep-alive socket closed before any byte of the answer; else undefined. */
export function silentResetCause(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null || silentOnReused.get(e) !== true) return undefined;
  const failure = toTransportError(e);
  if (failure.failure !== 'closed') return undefined;
  return `the kept-alive connection was closed before any byte of the answer (${failure.message}); sent once more on a fresh connection`;
}

/** Methods that change what the server holds: never repeated (tools/call is judged by the tool, below). */
const CHANGES_STATE = new Set(['initialize', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'tasks/cancel']);

/**
 * Whether sending `message` twice cannot change the server's state: reads, lists, discovery, ping, probes of
 * methods that do not exist, and tools/call of a tool the server annotated read-only. Never a notification, a
 * response of ours, initialize, a subscription change or a call of any other tool.
 */
export function repeatIsSafe(message: unknown, readOnlyTools: ReadonlySet<string>): boolean {
  if (Array.isArray(message)) return message.length > 0 && message.every((m) => repeatIsSafe(m, readOnlyTools));
  if (typeof message !== 'object' || message === null) return true; // not JSON-RPC: nothing the server can act on
  const m = message as Record<string, unknown>;
  if (typeof m.method !== 'string') return !('result' in m || 'error' in m); // our answers to the server are never repeated
  if (!('id' in m) || m.method.startsWith('notifications/')) return false;
  if (CHANGES_STATE.has(m.method)) return false;
  if (m.method === 'tools/call') {
    const name = str(at(m, 'params', 'name'));
    return name !== undefined && readOnlyTools.has(name);
  }
  return true;
}

/** The same judgement for a body sent as text (a raw POST or a malformed message on purpose). */
export function bodyRepeatIsSafe(body: string | undefined, readOnlyTools: ReadonlySet<string>): boolean {
  if (body === undefined || body === '') return true;
  let parsed: unknown;
  try {
    parsed = parseBounded(body);
  } catch {
    return true; // not JSON: refused as a parse error, whatever the server is
  }
  return repeatIsSafe(parsed, readOnlyTools);
}

/** Names of tools a tools/list result marks readOnlyHint: true; the harness already relies on it to call them. */
export function readOnlyToolNames(result: unknown): string[] {
  return listItems(result, 'tools')
    .filter((tool) => at(tool, 'annotations', 'readOnlyHint') === true)
    .flatMap((tool) => str(tool.name) ?? []);
}

/**
 * Runs `attempt` on `pool`; when the server closed a reused connection before any byte of the answer and `safe()`
 * allows a repeat, records it (`record`) and runs it once more on a connection of its own.
 */
export async function withOneRetry<T>(
  pool: Dispatcher,
  attempt: (d: Dispatcher) => Promise<T>,
  safe: () => boolean,
  record: (cause: string) => void,
): Promise<T> {
  try {
    return await attempt(pool);
  } catch (e) {
    const cause = silentResetCause(e);
    if (cause === undefined || !safe()) throw e;
    record(cause);
    const fresh = new Agent({ connections: 1 });
    try {
      return await attempt(fresh);
    } finally {
      // Closes once the answer is read (or, for a held stream, once the stream ends or is cancelled).
      void fresh.close().catch(() => undefined);
    }
  }
}
