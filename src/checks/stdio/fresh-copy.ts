/**
 * One fresh copy of a stdio server, shared by the two checks that each needed a process of their own:
 * `removed/initialize` sends `initialize` as its first request (the untouched state it judges), then
 * `stdio/exit-on-eof` makes sure the copy answers and closes its stdin, timing the exit. The process had to be
 * closed anyway; one start instead of two. Each check's traffic is recorded under its own id.
 */
import { McpClient } from '../../target/client.js';
import { StdioTransport } from '../../target/stdio.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext } from '../types.js';
import { EOF_CHECK, INITIALIZE_CHECK, spareCopy } from './spares.js';
/** Inside the transport's own grace before SIGTERM (2 s), so an exit seen here came from EOF alone. */
export const EOF_EXIT_BOUND_MS = 1500;

export interface EofObservation {
  /** The request that showed the copy was up and answering before its stdin was closed. */
  alive: Exchange;
  /** The copy exited before its stdin was closed. */
  exitedEarly: boolean;
  /** Milliseconds from closing stdin to the exit, or to giving up at EOF_EXIT_BOUND_MS. */
  waitedMs: number;
  exit?: { code: number | null; signal: NodeJS.Signals | null };
}

export interface FreshCopy {
  /** The answer to `initialize` as the copy's first request (when removed/initialize runs). */
  initialize?: Promise<Exchange>;
  /**
   * The exit on EOF, watched from the first call on (made by stdio/exit-on-eof, which is not a slow check: its time
   * bound is not measured amid the burst of start-ups at the beginning of a run); undefined when it does not run.
   */
  eof(): Promise<EofObservation> | undefined;
}

/** The run's one fresh copy (stdio targets only); the first of the two checks to ask starts it. */
export function freshCopy(t: CheckContext): Promise<FreshCopy> {
  return t.shared.once('stdio:fresh-copy', async () => (t.spec.kind === 'stdio' ? start(t) : { eof: () => undefined }));
}

async function start(t: CheckContext): Promise<FreshCopy> {
  // Its initialize traffic is kept from the 2026-07-28 wire audit (see spares.ts).
  const transport = await spareCopy(t.shared, t.spec, t.client.recorder, 'fresh-copy');
  const signal = t.client.defaults.signal;
  const client = new McpClient(transport, t.client.recorder, { timeoutMs: t.timeouts.respawnRequest, ...(signal ? { signal } : {}) });
  // As the official suite sends it: the modern envelope and headers, no legacy params (removed methods, §c).
  const initialize = t.shared.selected(INITIALIZE_CHECK) ? client.request('initialize', {}, { phase: INITIALIZE_CHECK }) : undefined;
  const watches = t.shared.selected(EOF_CHECK) && transport instanceof StdioTransport;
  let watching: Promise<EofObservation> | undefined;
  const eof = () => (watches ? (watching ??= watchEof(client, transport, initialize)) : undefined);
  // Without the EOF check the copy ends once initialize was answered; with it, the watch ends it (or the run's end).
  const ended = watches ? undefined : Promise.allSettled([initialize]).then(() => transport.close());
  t.shared.onClose(async () => {
    await ended;
    if (watches && !watching) await transport.close();
    await watching?.catch(() => undefined);
  });
  return { ...(initialize ? { initialize } : {}), eof };
}

/** After initialize (if sent): a request that shows the copy answers, then EOF and the exit timed; always ends the copy. */
async function watchEof(client: McpClient, transport: StdioTransport, after: Promise<Exchange> | undefined): Promise<EofObservation> {
  let closing: Promise<void> | undefined;
  try {
    await after;
    const alive = await client.request('server/discover', {}, { phase: EOF_CHECK });
    if (!alive.response || transport.exit) return { alive, exitedEarly: transport.exit !== undefined, waitedMs: 0 };
    const t0 = performance.now();
    // EOF, then SIGTERM, then SIGKILL (the transport's shutdown sequence); the exit is timed from the EOF.
    closing = transport.close();
    const exited = await transport.exitedWithin(EOF_EXIT_BOUND_MS);
    const waitedMs = Math.round(performance.now() - t0);
    return { alive, exitedEarly: false, waitedMs, ...(exited && transport.exit ? { exit: transport.exit } : {}) };
  } finally {
    await (closing ?? transport.close());
  }
}
