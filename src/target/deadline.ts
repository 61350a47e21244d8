import { TransportError } from './errors.js';

/** What a deadline says when it passes: `no <what> within <ms> ms`, or an error of the caller's own. */
export type DeadlineReason = string | ((ms: number) => Error);

/**
 * One wait's deadline: its signal aborts with a `timeout` TransportError once `ms` have passed, or with `aborted`
 * as soon as the caller's signal (the run's deadline) fires. `dispose()` clears the timer and the listener.
 */
export class Deadline {
  readonly ms: number;
  private readonly ctl = new AbortController();
  private readonly endsAt: number;
  private readonly timer: NodeJS.Timeout;
  private readonly outer: AbortSignal | undefined;
  private readonly onOuter = () => this.ctl.abort(new TransportError('aborted', 'the run was stopped'));

  constructor(ms: number, reason: DeadlineReason, outer?: AbortSignal) {
    this.ms = ms;
    this.endsAt = performance.now() + ms;
    this.outer = outer;
    this.timer = setTimeout(() => this.ctl.abort(typeof reason === 'string' ? new TransportError('timeout', `no ${reason} within ${ms} ms`) : reason(ms)), ms);
    if (outer?.aborted) this.onOuter();
    else outer?.addEventListener('abort', this.onOuter, { once: true });
  }

  get signal(): AbortSignal {
    return this.ctl.signal;
  }

  get expired(): boolean {
    return this.ctl.signal.aborted;
  }

  /** Whether it was our own time that ran out (not the caller's signal). */
  get timedOut(): boolean {
    const r: unknown = this.ctl.signal.reason;
    return this.expired && !(r instanceof TransportError && r.failure === 'aborted');
  }

  /** `ms`, or what is left of this deadline when that is less; at least 1 ms, so a wait still happens and fails. */
  left(ms: number): number {
    return Math.max(1, Math.min(ms, Math.round(this.endsAt - performance.now())));
  }

  /** Runs `f` once, when the deadline passes or the caller aborts (at once if that already happened). */
  onExpire(f: (reason: unknown) => void): void {
    if (this.expired) f(this.ctl.signal.reason);
    else this.ctl.signal.addEventListener('abort', () => f(this.ctl.signal.reason), { once: true });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onOuter);
  }
}

/**
 * The one deadline wrapper: `work` (a promise, or a function given the deadline's signal to pass on to undici or a
 * stream) settles, or the returned promise rejects with the deadline's reason. The timer never outlives the call.
 */
export async function withDeadline<T>(
  work: Promise<T> | ((signal: AbortSignal) => Promise<T>),
  ms: number,
  reason: DeadlineReason,
  outer?: AbortSignal,
): Promise<T> {
  const d = new Deadline(ms, reason, outer);
  try {
    const expired = new Promise<never>((_, reject) => d.onExpire(reject));
    return await Promise.race([typeof work === 'function' ? work(d.signal) : work, expired]);
  } finally {
    d.dispose();
  }
}

/** Whether `p` settles within `ms` (a polite wait that may end unanswered; never rejects). */
export function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  return withDeadline(p, ms, 'settling').then(
    () => true,
    (e: unknown) => !(e instanceof TransportError && e.failure === 'timeout'),
  );
}
