/**
 * One target, reached exactly as `check` and `snapshot` reach it (same probe, transports, deadline, masking), lent to
 * a callback for a handful of requests: the quick loop (`list`, `call`, `read`, `prompt`) and example calls.
 */
import type { TargetReport } from '../core/types.js';
import { LegacySession } from '../target/legacy-session.js';
import type { JsonObject } from '../target/envelope.js';
import type { Exchange } from '../target/transport.js';
import { assay, type PlannedTarget } from './run.js';
import type { LiveTarget } from './run-target.js';
import { catalogueFrom, type FetchedCatalogue } from './catalogue.js';

export type { LiveTarget } from './run-target.js';

export interface LiveOptions {
  timeoutMs: number;
  deadlineMs: number;
}

/** A fresh stdio process may be installing or starting: its first answer gets longer than a plain request. */
const STARTUP_FLOOR_MS = 15_000;

/** Requests in the era the server speaks: the modern envelope, or a 2025 session opened on first use. */
export class LiveCaller {
  private legacy?: Promise<LegacySession>;

  constructor(readonly live: LiveTarget) {}

  get era(): string {
    return this.live.probe.era;
  }

  /** The catalogue, read by the same list calls `snapshot` makes. */
  catalogue(): Promise<FetchedCatalogue> {
    return catalogueFrom(this.live.shared, this.live.probe);
  }

  async request(method: string, params: JsonObject, phase = 'quick'): Promise<Exchange> {
    const { client, probe, spec, recorder, signal, options } = this.live;
    if (probe.era !== 'legacy') return client.request(method, params, { phase });
    this.legacy ??= LegacySession.open(spec, recorder, {
      phase,
      timeoutMs: options.timeoutMs,
      startupTimeoutMs: spec.kind === 'stdio' ? Math.max(options.timeoutMs, STARTUP_FLOOR_MS) : options.timeoutMs,
      signal,
    });
    const s = await this.legacy;
    // A session that did not open answers with its failed handshake, which says why.
    return s.ready ? s.request(method, params) : s.init;
  }

  async close(): Promise<void> {
    if (this.legacy) await (await this.legacy).close();
  }
}

export interface LiveRun<T> {
  report: TargetReport;
  /** Set when the target answered and the callback returned. */
  value?: T;
}

/** Probes one target, runs `f` on it, closes it; an unreachable target leaves `value` unset (see `report.outcomeReason`). */
export async function withLiveTarget<T>(planned: PlannedTarget, o: LiveOptions, f: (caller: LiveCaller) => Promise<T>): Promise<LiveRun<T>> {
  const out: { value?: T } = {};
  const report = await assay([planned], {
    checks: [],
    timeoutMs: o.timeoutMs,
    deadlineMs: o.deadlineMs,
    startupTimeoutMs: Math.max(30_000, o.timeoutMs),
    strict: false,
    concurrency: 1,
    allowTools: [],
    toolArgs: {},
    contracts: false,
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
