/**
 * Every wait a run makes, derived once from what the user set (`--timeout`, `--deadline`, a startup allowance) and
 * the transport: checks, the engine and the transports read these named fields instead of re-deriving their own.
 */
import type { TransportKind } from './types.js';

export interface Timeouts {
  /** One request's answer (`--timeout`). */
  request: number;
  /** The first answer of a freshly started server (npx may install it first); never shorter than `request`. */
  startup: number;
  /** The longest one check may run before it is called inconclusive (it may make many requests). */
  checkBudget: number;
  /** The whole run against one target (`--deadline`). */
  runDeadline: number;
  /** First answer of a second copy of a stdio server (already installed, but starting); the target itself on HTTP. */
  respawnStartup: number;
  /** Every request to that second copy: it has just started, so not held to a warm server's `request`. */
  respawnRequest: number;
  /** How long `subscriptions/listen` stays open after its first message: bounded, whatever `request` is. */
  listenWindow: number;
  /** The longest a listen stream is held: its first message, the window, a second of slack for the close. */
  listenHold: number;
  /** How long a task is polled towards a terminal status before it is cancelled instead. */
  taskFollow: number;
  /** A URL that refused every handshake: how long a GET may take to open an old HTTP+SSE stream (it opens at once). */
  sseSniff: number;
  /** And how long its first event (`endpoint`) may take once the stream is open: the stream itself never ends. */
  sseSniffRead: number;
}

/** What the user set: the run's entry options. */
export interface TimeoutInput {
  timeoutMs: number;
  deadlineMs: number;
  /** Absent: `defaultStartupMs(timeoutMs)`. */
  startupTimeoutMs?: number;
}

/** `--timeout` when none is given. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** A server started by us may be installed first (npx): its first answer gets at least this long. */
export const STARTUP_FLOOR_MS = 30_000;
/** A check gets at least this long, and eight requests' worth when requests are allowed longer. */
const CHECK_BUDGET_FLOOR_MS = 30_000;
const CHECK_BUDGET_REQUESTS = 8;
/** A second copy of a stdio server is already installed: it only needs to start. */
const RESPAWN_STARTUP_FLOOR_MS = 15_000;
const RESPAWN_REQUEST_FLOOR_MS = 10_000;
/** Half a request, within 0.5 s to 1 s: long enough for a prompt server, short enough to keep the run fast. */
const LISTEN_WINDOW = { min: 500, max: 1000 };
const LISTEN_CLOSE_SLACK_MS = 1000;
/** Two requests' worth, at most 15 s: a task that needs longer is cancelled, which is also judged. */
const TASK_FOLLOW_CAP_MS = 15_000;
/** An HTTP+SSE endpoint opens its stream and names its message URL at once: a few seconds bound the question. */
const SSE_SNIFF_CAP_MS = 3000;
const SSE_SNIFF_READ_CAP_MS = 1000;

/** The startup allowance when none was given. */
export function defaultStartupMs(timeoutMs: number): number {
  return Math.max(STARTUP_FLOOR_MS, timeoutMs);
}

/** The first answer of a freshly started server: the startup allowance, and never less than one request. */
export function startupMs(input: Pick<TimeoutInput, 'timeoutMs' | 'startupTimeoutMs'>): number {
  return Math.max(input.startupTimeoutMs ?? defaultStartupMs(input.timeoutMs), input.timeoutMs);
}

/** Pure: the same input always gives the same Timeouts. */
export function deriveTimeouts(input: TimeoutInput, transport: TransportKind): Timeouts {
  const request = input.timeoutMs;
  const stdio = transport === 'stdio';
  const listenWindow = Math.min(LISTEN_WINDOW.max, Math.max(LISTEN_WINDOW.min, Math.round(request / 2)));
  return {
    request,
    startup: startupMs(input),
    checkBudget: Math.max(CHECK_BUDGET_FLOOR_MS, request * CHECK_BUDGET_REQUESTS),
    runDeadline: input.deadlineMs,
    respawnStartup: stdio ? Math.max(request, RESPAWN_STARTUP_FLOOR_MS) : request,
    respawnRequest: stdio ? Math.max(request, RESPAWN_REQUEST_FLOOR_MS) : request,
    listenWindow,
    listenHold: request + listenWindow + LISTEN_CLOSE_SLACK_MS,
    taskFollow: Math.min(TASK_FOLLOW_CAP_MS, request * 2),
    sseSniff: Math.min(SSE_SNIFF_CAP_MS, request),
    sseSniffRead: Math.min(SSE_SNIFF_READ_CAP_MS, request),
  };
}
