/**
 * Does a modern server also serve the 2025 `initialize` handshake (DIGEST §k "Dual-era server", [VER])? Asked on a
 * separate transport, so the modern connection is untouched: a fresh process on stdio, a plain 2025 initialize POST
 * without the modern headers on HTTP.
 */
import type { TargetSpec } from '../core/target-spec.js';
import { LegacySession } from './legacy-session.js';
import type { WireRecorder } from './recorder.js';

export const DUAL_ERA_PHASE = 'dual-era';

/** Keeping the session of a server that served it: the run's 2025-era checks go on in it (one process fewer on stdio). */
export interface KeepLegacySession {
  /** Timeout of every request after the handshake (the detection's own timeout covers only the handshake). */
  requestTimeoutMs: number;
  take: (session: LegacySession) => void;
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
    session = await LegacySession.open(spec, recorder, {
      phase: DUAL_ERA_PHASE,
      timeoutMs: keep?.requestTimeoutMs ?? timeoutMs,
      startupTimeoutMs: timeoutMs,
      ...(signal ? { signal } : {}),
    });
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
