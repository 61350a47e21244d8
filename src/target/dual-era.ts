/**
 * Does a modern server also serve the 2025 `initialize` handshake (DIGEST §k "Dual-era server", [VER])? Asked on a
 * separate transport, so the modern connection is untouched: a fresh process on stdio, a plain 2025 initialize POST
 * without the modern headers on HTTP.
 */
import type { TargetSpec } from '../core/target-spec.js';
import { LegacySession } from './legacy-session.js';
import type { WireRecorder } from './recorder.js';
import { mayStartAhead } from './start-ahead.js';

export const DUAL_ERA_PHASE = 'dual-era';

/** Keeping the session of a server that served it: the run's 2025-era checks go on in it (one process fewer on stdio). */
export interface KeepLegacySession {
  /** Timeout of every request after the handshake (the detection's own timeout covers only the handshake). */
  requestTimeoutMs: number;
  take: (session: LegacySession) => void;
  /** The handshake already begun alongside the run's own process (see beginLegacyHandshake). */
  begun?: BegunHandshake | undefined;
}

/** A 2025 handshake on a process of its own, started before the era is known; settled exactly once. */
export class BegunHandshake {
  private settled = false;

  private constructor(
    private readonly opening: Promise<LegacySession | undefined>,
    private readonly recorder: WireRecorder,
    private readonly stop: AbortController,
  ) {}

  /**
   * On stdio, the process the 2025 handshake needs anyway starts with the run's own, so the two start-ups overlap
   * instead of queuing. Not on HTTP (nothing to start), nor through an installing launcher (two installs at once).
   */
  static begin(spec: TargetSpec, recorder: WireRecorder, timeoutMs: number, requestTimeoutMs: number, signal?: AbortSignal): BegunHandshake | undefined {
    if (!mayStartAhead(spec)) return undefined;
    // Its own stop as well as the run's: the dual-era question may give up on it sooner than the first-start allowance.
    const stop = new AbortController();
    const opening = LegacySession.open(spec, recorder, {
      phase: DUAL_ERA_PHASE,
      timeoutMs: requestTimeoutMs,
      startupTimeoutMs: timeoutMs,
      signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
    }).catch(() => undefined);
    return new BegunHandshake(opening, recorder, stop);
  }

  /**
   * The session, once; later calls get nothing (the first caller owns it and closes it). With `waitMs`, a handshake
   * still unanswered by then is given up (the session comes back without an initialize result).
   */
  async take(waitMs?: number): Promise<LegacySession | undefined> {
    if (this.settled) return undefined;
    this.settled = true;
    const timer = waitMs === undefined ? undefined : setTimeout(() => this.stop.abort(), waitMs);
    try {
      return await this.opening;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A 2025-era target: the handshake is the one the shared 2025 session makes (same request, untouched process), so
   * a session that opened is handed on for the 2025-era checks; any other target closes it.
   */
  async keepIf(useful: boolean, phase = 'shared'): Promise<LegacySession | undefined> {
    // A handshake nobody will use is given up at once, not waited for: a server silent on initialize would otherwise
    // hold the end of the run for the whole first-start allowance.
    if (!useful && !this.settled) this.stop.abort();
    const s = await this.take();
    if (s && useful && s.ready) {
      // Not a dual-era question after all: its handshake is the shared session's, and says so in the wire record.
      this.recorder.relabel([...s.init.evidence, ...(s.initialized?.evidence ?? [])], phase);
      return s;
    }
    await s?.close().catch(() => undefined);
    return undefined;
  }
}

/**
 * True when `initialize` (2025-11-25) is answered with an InitializeResult naming a protocol version. A modern-only
 * server refuses it (-32022 with HTTP 400 from SDK v2 `legacy: 'reject'`, -32601 elsewhere): false, as is silence
 * within `timeoutMs` or a transport failure. With `keep`, a session the server served is handed over, not closed.
 */
export async function detectDualEra(
  spec: TargetSpec,
  recorder: WireRecorder,
  timeoutMs: number,
  signal?: AbortSignal,
  keep?: KeepLegacySession,
): Promise<boolean> {
  let session: LegacySession | undefined;
  try {
    session = keep?.begun
      ? await keep.begun.take(timeoutMs)
      : await LegacySession.open(spec, recorder, {
          phase: DUAL_ERA_PHASE,
          timeoutMs: keep?.requestTimeoutMs ?? timeoutMs,
          startupTimeoutMs: timeoutMs,
          ...(signal ? { signal } : {}),
        });
    if (!session) return false;
    const served = typeof session.initResult?.protocolVersion === 'string';
    if (served && keep && session.ready) {
      keep.take(session);
      session = undefined;
    }
    return served;
  } catch {
    // A target that cannot even be opened a second time is not known to serve 2025 clients.
    return false;
  } finally {
    await session?.close().catch(() => undefined);
  }
}
