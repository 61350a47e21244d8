/**
 * One target, reached exactly as `check` and `snapshot` reach it (same probe, transports, deadline, masking), lent to
 * a callback for a handful of requests: the quick loop (`list`, `call`, `read`, `prompt`) and example calls.
 */
import type { TargetReport } from '../core/types.js';
import { assay, type AssayOptions, type PlannedTarget } from './run.js';
import { LiveCaller } from './live-caller.js';

export { LiveCaller } from './live-caller.js';

export interface LiveOptions {
  timeoutMs: number;
  deadlineMs: number;
}

export interface LiveRun<T> {
  report: TargetReport;
  /** Set when the target answered and the callback returned. */
  value?: T;
}

/** A run with no checks and no contract analysis, on one connection: the probe, then whatever the caller asks. */
export function liveRunOptions(o: LiveOptions): AssayOptions {
  return { checks: [], timeoutMs: o.timeoutMs, deadlineMs: o.deadlineMs, strict: false, concurrency: 1, allowTools: [], toolArgs: {}, contracts: false };
}

/** Probes one target, runs `f` on it, closes it; an unreachable target leaves `value` unset (see `report.outcomeReason`). */
export async function withLiveTarget<T>(planned: PlannedTarget, o: LiveOptions, f: (caller: LiveCaller) => Promise<T>): Promise<LiveRun<T>> {
  const out: { value?: T } = {};
  const report = await assay([planned], {
    ...liveRunOptions(o),
    session: async (live) => {
      const caller = new LiveCaller(live);
      try {
        out.value = await f(caller);
      } finally {
        await caller.close();
      }
    },
  });
  return { report: report.targets[0]!, ...('value' in out ? { value: out.value as T } : {}) };
}
