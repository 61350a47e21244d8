/**
 * The confusable scan of a large catalogue on a second thread, while this one runs the other analyses: after the last
 * answer the server is idle, so a second core is free, and the scan is the largest single part of the analysis (about
 * 0.4-0.7 s of 5,000 tools). Anything that goes wrong with the thread gives undefined, and the scan runs in process.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ConfusableInput, RawFinding } from '../contracts/index.js';

/** From this many tools the thread's start (about 50 ms of the other core) is worth it; smaller scans take a few ms. */
export const CONFUSABLE_ASIDE_FROM = availableParallelism() >= 2 ? 1000 : Number.POSITIVE_INFINITY;

/** Past this the scan runs in process: a thread starved of CPU must not hold the run. */
const ANSWER_WITHIN_MS = 30_000;

export type ConfusableRequest = { type: 'confusable'; tools: ConfusableInput; threshold: number };
export type ConfusableReply = { type: 'confusable'; findings?: RawFinding[] };

export class ConfusableAside {
  private readonly worker: Worker | undefined;
  private broken = false;

  /** Starts the thread at once, so it loads while this thread builds the catalogue. */
  constructor() {
    try {
      this.worker = new Worker(new URL('./contracts-worker.js', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 8 } });
      // The run's own waits keep the process alive; a thread left behind by a bug must not.
      this.worker.unref();
      this.worker.on('error', () => (this.broken = true));
      this.worker.on('exit', () => (this.broken = true));
    } catch {
      this.broken = true;
    }
  }

  /** The scan's findings from the thread; undefined when the scan should run in process (the thread failed, or it threw there). */
  scan(tools: ConfusableInput, threshold: number): Promise<RawFinding[] | undefined> {
    const worker = this.worker;
    if (!worker || this.broken) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const done = (findings: RawFinding[] | undefined): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onEnd);
        worker.off('exit', onEnd);
        resolve(findings);
      };
      const onMessage = (m: ConfusableReply): void => {
        if (m?.type === 'confusable') done(Array.isArray(m.findings) ? m.findings : undefined);
      };
      const onEnd = (): void => done(undefined);
      const timer = setTimeout(onEnd, ANSWER_WITHIN_MS);
      worker.on('message', onMessage);
      worker.on('error', onEnd);
      worker.on('exit', onEnd);
      try {
        worker.postMessage({ type: 'confusable', tools, threshold } satisfies ConfusableRequest);
      } catch {
        done(undefined);
      }
    });
  }

  close(): void {
    void this.worker?.terminate().catch(() => undefined);
  }
}
