import type { WireEntry } from '../../core/types.js';
import type { CheckContext } from '../types.js';
import { META } from '../../spec/constants.js';
import type { JsonObject } from '../../target/envelope.js';
import { field, at } from '../../spec/read.js';

/** LoggingLevel, least to most severe (RFC 5424 order, schema `LoggingLevel`). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export function severity(level: unknown): number {
  return LOG_LEVELS.findIndex((l) => l === level);
}

/** The `notifications/message` messages among an exchange's other messages. */
export function logMessages(others: unknown[]): JsonObject[] {
  return others.filter((m): m is JsonObject => !!m && typeof m === 'object' && field(m, 'method') === 'notifications/message');
}

/**
 * `call` over each item, answers in the items' order: at once over HTTP, where a request's log lines come on its own
 * response stream; in turn over stdio, where a notification is attributed to every request in flight.
 */
export async function callEach<T, R>(t: CheckContext, items: readonly T[], call: (item: T) => Promise<R>): Promise<R[]> {
  if (t.transport === 'http') return Promise.all(items.map(call));
  const out: R[] = [];
  for (const item of items) out.push(await call(item));
  return out;
}

/** On stdio a log line may trail its request's response a little; that request still counts as in flight. */
const STDIO_GRACE_MS = 250;

export interface UnsolicitedLogs {
  /** Server messages looked at. */
  inspected: number;
  /** notifications/message entries no logLevel-carrying request can account for. */
  violations: WireEntry[];
}

/**
 * Every `notifications/message` in the wire record that arrived while no request carrying
 * `io.modelcontextprotocol/logLevel` was in flight (on HTTP: in flight on the same check's stream).
 */
export function unsolicitedLogs(entries: readonly WireEntry[]): UnsolicitedLogs {
  const inFlight = new Map<string, { logLevel: boolean; phase: string }>();
  const recentlyDone: { atMs: number; phase: string }[] = [];
  const uncertain = new Set<string>();
  const out: UnsolicitedLogs = { inspected: 0, violations: [] };
  for (const e of entries) {
    const body = e.body as JsonObject | undefined;
    if (e.from === 'harness') {
      if (!body || typeof body !== 'object')
        uncertain.add(e.phase); // cut by the recorder's cap: cannot tell
      else if ('id' in body && typeof body.method === 'string') inFlight.set(JSON.stringify(body.id), { logLevel: carriesLogLevel(body), phase: e.phase });
      continue;
    }
    if (e.channel === 'stderr' || !body || typeof body !== 'object') continue;
    out.inspected++;
    if ('id' in body && !('method' in body)) {
      const key = JSON.stringify(body.id);
      const req = inFlight.get(key);
      if (req?.logLevel) recentlyDone.push({ atMs: e.atMs, phase: req.phase });
      inFlight.delete(key);
      continue;
    }
    if (body.method !== 'notifications/message') continue;
    const samePhase = (phase: string) => e.channel !== 'http' || phase === e.phase;
    const excused =
      [...inFlight.values()].some((r) => r.logLevel && samePhase(r.phase)) ||
      [...uncertain].some(samePhase) ||
      (e.channel === 'stdio' && recentlyDone.some((d) => e.atMs - d.atMs <= STDIO_GRACE_MS));
    if (!excused) out.violations.push(e);
  }
  return out;
}

function carriesLogLevel(body: JsonObject): boolean {
  return at(body.params, '_meta', META.logLevel) !== undefined;
}

/** One line per offending log message, for `actual`. */
export function describeLogs(entries: readonly WireEntry[]): string {
  return entries
    .slice(0, 4)
    .map((e) => {
      const p = field(e.body, 'params');
      return `#${e.seq} during ${e.phase}: level ${JSON.stringify(field(p, 'level'))} ${JSON.stringify(field(p, 'data') ?? null).slice(0, 60)}`;
    })
    .join('; ');
}
