/**
 * Copies of a stdio server that some checks need untouched (nothing written to them before their first request),
 * started once the run's own process answered and the first checks sent their requests (the listen windows open), so
 * their start-ups overlap the windows instead of queuing behind them, and neither compete with the start of the process
 * the probe waits on nor delay the windows' requests by the time a spawn takes. A copy is
 * handed over untouched, once, to the check it was started for; one that died waiting, or was never needed, is
 * ended with the run. Only copies every run that selects the check needs are started ahead.
 *
 * One fresh copy of a stdio server, shared by the two checks that each needed a process of their own:
 * `removed/initialize` sends `initialize` as its first request (the untouched state it judges), then
 * `stdio/exit-on-eof` makes sure the copy answers and closes its stdin, timing the exit. The process had to be
 * closed anyway; one start instead of two. Each check's traffic is recorded under its own id.
 *
 * `errors/version-every-request` needs no copy of its own: what it judges is the version checked before and after
 * tool calls on one connection, so its first question (an unsupported version, before any call) goes to the run's
 * own process right after the probe, ahead of every check's request, and the rest of its sequence follows there.
 */
import type { TargetSpec } from '../../core/target-spec.js';
import { openTransport } from '../../target/open.js';
import { mayStartAhead } from '../../target/start-ahead.js';
import type { WireRecorder } from '../../target/recorder.js';
import { StdioTransport } from '../../target/stdio.js';
import type { Exchange, Transport } from '../../target/transport.js';
import { UnauditedRecorder } from '../../target/unaudited-recorder.js';
import type { SharedState } from '../shared.js';
import { McpClient } from '../../target/client.js';
import type { CheckContext } from '../types.js';

export const INITIALIZE_CHECK = 'removed/initialize';
export const EOF_CHECK = 'stdio/exit-on-eof';
export const VERSION_CHECK = 'errors/version-every-request';
/** A protocol version no server supports. */
export const UNSUPPORTED_VERSION = '2099-01-01';

/** What each spare is for: the checks that use it, and the recorder its traffic goes to. */
const SPARES: Record<SpareKey, { checks: string[]; recorder: (main: WireRecorder) => WireRecorder }> = {
  // initialize may switch the copy to the 2025 era: its traffic is evidence, kept from the 2026-07-28 wire audit.
  'fresh-copy': { checks: [INITIALIZE_CHECK, EOF_CHECK], recorder: (main) => new UnauditedRecorder(main, new Set([INITIALIZE_CHECK])) },
  'version-every-request': { checks: [VERSION_CHECK], recorder: (main) => main },
  // The first 2025 handshake of its own a run makes: a modern-only or 2025-era server's (removed/support.ts), or the
  // unknown-version one of a dual-era or 2025-era server (legacy/version-negotiation). 2025 traffic: all unaudited.
  'legacy-copy': { checks: ['removed/initialize-lists-versions', 'legacy/version-negotiation'], recorder: (main) => new UnauditedRecorder(main) },
};
type SpareKey = 'fresh-copy' | 'version-every-request' | 'legacy-copy';

export class SpareCopies {
  private readonly copies = new Map<string, Transport>();
  /** Keys of the copies to start once the checks' first requests are out. */
  private wanted: SpareKey[] = [];
  /** Settles when the copies have been started: a copy is taken only then. */
  private readonly started: Promise<void>;
  private markStarted!: () => void;
  /** errors/version-every-request's first question, asked on the run's own process before any check (see above). */
  versionBaseline: Promise<Exchange> | undefined;

  private constructor(
    private readonly spec: TargetSpec,
    private readonly recorder: WireRecorder,
  ) {
    this.started = new Promise((resolve) => (this.markStarted = resolve));
  }

  /**
   * Starts the copies the selected checks will ask for; none on HTTP or through an installing launcher. `own`: the
   * run's own client on a stdio target that answered as a 2026-07-28 server, nothing but the probe sent on it yet.
   * The copies start two turns of the event loop later: the checks begun meanwhile (the listen windows first) send
   * their first requests before a spawn (tens of milliseconds of our own time) holds them up.
   */
  static begin(spec: TargetSpec, recorder: WireRecorder, selected: readonly { id: string }[], own?: McpClient): SpareCopies {
    const spares = new SpareCopies(spec, recorder);
    const baseline = own !== undefined && spec.kind === 'stdio' && selected.some((c) => c.id === VERSION_CHECK);
    if (baseline) spares.versionBaseline = own.request('server/discover', {}, { phase: VERSION_CHECK, protocolVersion: UNSUPPORTED_VERSION });
    if (mayStartAhead(spec))
      spares.wanted = (Object.keys(SPARES) as SpareKey[]).filter(
        (key) => selected.some((c) => SPARES[key].checks.includes(c.id)) && !(baseline && key === 'version-every-request'),
      );
    setImmediate(() => setImmediate(() => spares.start()));
    return spares;
  }

  private start(): void {
    for (const key of this.wanted.splice(0)) this.copies.set(key, openTransport(this.spec, SPARES[key].recorder(this.recorder)));
    this.markStarted();
  }

  /** The copy started for `key`, untouched and alive, or a new one started now. */
  async take(key: SpareKey): Promise<Transport> {
    await this.started;
    const copy = this.copies.get(key);
    this.copies.delete(key);
    if (copy instanceof StdioTransport && copy.deadReason === undefined && !copy.exit) return copy;
    await copy?.close();
    return openTransport(this.spec, SPARES[key].recorder(this.recorder));
  }

  /** Ends the copies no check took; those not started yet never start. */
  async close(graceMs?: number): Promise<void> {
    this.wanted = [];
    const left = [...this.copies.values()];
    this.copies.clear();
    await Promise.all(left.map((c) => c.close(graceMs).catch(() => undefined)));
  }
}

const pools = new WeakMap<SharedState, SpareCopies>();

/** The run's spare copies, for the checks sharing `shared`. */
export function adoptSpareCopies(shared: SharedState, spares: SpareCopies): void {
  pools.set(shared, spares);
}

/** errors/version-every-request's first answer when it was asked on the run's own process before the checks began. */
export function versionBaseline(shared: SharedState): Promise<Exchange> | undefined {
  return pools.get(shared)?.versionBaseline;
}

/** An untouched copy of the server for `key`: the one started ahead when there is one, else a new one. */
export function spareCopy(shared: SharedState, spec: TargetSpec, recorder: WireRecorder, key: SpareKey): Promise<Transport> {
  return pools.get(shared)?.take(key) ?? Promise.resolve(openTransport(spec, SPARES[key].recorder(recorder)));
}

/**
 * Ends a copy a check is done with. Over stdio ending writes nothing (EOF, then waiting for the exit), so the check
 * need not wait for the exit: the run waits for it with the shared state, before it says which processes were left.
 * Elsewhere (an HTTP session's DELETE is on the wire, in the check's time) the check waits as before.
 */
export function endCopy(shared: SharedState, transport: Transport, end: () => Promise<void>): Promise<void> {
  if (!(transport instanceof StdioTransport)) return end();
  const ending = end().catch(() => undefined);
  shared.onClose(() => ending);
  return Promise.resolve();
}

/**
 * How long stdio/exit-on-eof waits for the exit after EOF before it says the server does not exit on EOF. It judges
 * whether the server exits by itself, not how fast: runtimes that flush telemetry or tear down a host take a second or
 * more, and a loaded machine (a CI runner starting several servers at once) stretches that further, so a tight bound
 * would turn the harness's own slowness into a verdict. SIGTERM follows half a second later, so an exit seen within
 * the bound came from EOF alone.
 */
export const EOF_EXIT_BOUND_MS = 3000;
/** The wait after each signal once stdio/exit-on-eof's bound has passed without an exit. */
const SIGNAL_GRACE_AFTER_BOUND_MS = 400;
/** The wait between EOF and SIGTERM common among clients: an exit slower than this is noted on a pass. */
export const CLIENT_EOF_WAIT_MS = 2000;

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
    // Past the bound the verdict is known: SIGTERM and SIGKILL then follow each other quickly, so a server that ignores
    // both costs the bound and 0.8 s, not the polite 2 s after each (a short --deadline must still hold).
    closing = transport.close(SIGNAL_GRACE_AFTER_BOUND_MS, EOF_EXIT_BOUND_MS + 500);
    const exited = await transport.exitedWithin(EOF_EXIT_BOUND_MS);
    const waitedMs = Math.round(performance.now() - t0);
    return { alive, exitedEarly: false, waitedMs, ...(exited && transport.exit ? { exit: transport.exit } : {}) };
  } finally {
    await (closing ?? transport.close());
  }
}
