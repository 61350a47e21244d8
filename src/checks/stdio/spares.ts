/**
 * Copies of a stdio server that some checks need untouched (nothing written to them before their first request),
 * started as soon as the run's own process answered, so their start-ups overlap the dual-era question and the first
 * checks instead of queuing behind them (and do not compete with the start of the process the probe waits on). A copy is
 * handed over untouched, once, to the check it was started for; one that died waiting, or was never needed, is
 * ended with the run. Only copies every run that selects the check needs are started ahead.
 */
import type { TargetSpec } from '../../core/target-spec.js';
import { openTransport } from '../../target/open.js';
import { mayStartAhead } from '../../target/start-ahead.js';
import type { WireRecorder } from '../../target/recorder.js';
import { StdioTransport } from '../../target/stdio.js';
import type { Transport } from '../../target/transport.js';
import { UnauditedRecorder } from '../../target/unaudited-recorder.js';
import type { SharedState } from '../shared.js';

export const INITIALIZE_CHECK = 'removed/initialize';
export const EOF_CHECK = 'stdio/exit-on-eof';
const VERSION_CHECK = 'errors/version-every-request';

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

  private constructor(
    private readonly spec: TargetSpec,
    private readonly recorder: WireRecorder,
  ) {}

  /** Starts the copies the selected checks will ask for; none on HTTP or through an installing launcher. */
  static begin(spec: TargetSpec, recorder: WireRecorder, selected: readonly { id: string }[]): SpareCopies {
    const spares = new SpareCopies(spec, recorder);
    if (!mayStartAhead(spec)) return spares;
    for (const [key, s] of Object.entries(SPARES))
      if (selected.some((c) => s.checks.includes(c.id))) spares.copies.set(key, openTransport(spec, s.recorder(recorder)));
    return spares;
  }

  /** The copy started for `key`, untouched and alive, or a new one started now. */
  async take(key: SpareKey): Promise<Transport> {
    const copy = this.copies.get(key);
    this.copies.delete(key);
    if (copy instanceof StdioTransport && copy.deadReason === undefined && !copy.exit) return copy;
    await copy?.close();
    return openTransport(this.spec, SPARES[key].recorder(this.recorder));
  }

  /** Ends the copies no check took. */
  async close(graceMs?: number): Promise<void> {
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

/** An untouched copy of the server for `key`: the one started ahead when there is one, else a new one. */
export function spareCopy(shared: SharedState, spec: TargetSpec, recorder: WireRecorder, key: SpareKey): Promise<Transport> {
  return pools.get(shared)?.take(key) ?? Promise.resolve(openTransport(spec, SPARES[key].recorder(recorder)));
}
