/**
 * Does a modern server also serve the 2025 `initialize` handshake (DIGEST §k "Dual-era server", [VER])? Asked on a
 * separate transport, so the modern connection is untouched: a fresh process on stdio, a plain 2025 initialize POST
 * without the modern headers on HTTP.
 */
import type { TargetSpec } from '../core/target-spec.js';
import { LegacySession } from './legacy-session.js';
import type { WireRecorder } from './recorder.js';

export const DUAL_ERA_PHASE = 'dual-era';

/**
 * True when `initialize` (2025-11-25) is answered with an InitializeResult naming a protocol version. A modern-only
 * server refuses it (-32022 with HTTP 400 from SDK v2 `legacy: 'reject'`, -32601 elsewhere): false, as is silence
 * within `timeoutMs` or a transport failure.
 */
export async function detectDualEra(spec: TargetSpec, recorder: WireRecorder, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
  let session: LegacySession | undefined;
  try {
    session = await LegacySession.open(spec, recorder, { phase: DUAL_ERA_PHASE, timeoutMs, ...(signal ? { signal } : {}) });
    return typeof session.initResult?.protocolVersion === 'string';
  } catch {
    // A target that cannot even be opened a second time is not known to serve 2025 clients.
    return false;
  } finally {
    await session?.close().catch(() => undefined);
  }
}
