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
      // A small young generation: the scan's garbage dies young, and 8 MB stayed committed (about 5 MB more RSS at 5,000 tools).
      this.worker = new Worker(new URL('./contracts-worker.js', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 2 } });
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

/**
 * The scan sent before the catalogue is built, from the tools as listed: the thread scans while this one builds the
 * catalogue, and ends as soon as it answers, so its heap is freed before the rest of the analysis builds up the run's
 * peak memory. Its findings are used only for the very input the analysis would scan, tool for tool.
 */
export class EarlyConfusable {
  private readonly findings: Promise<RawFinding[] | undefined>;
  private readonly aside = new ConfusableAside();

  constructor(
    private readonly tools: ConfusableInput,
    private readonly threshold: number,
  ) {
    this.findings = this.aside.scan(tools, threshold).finally(() => this.aside.close());
  }

  /** Ends the thread, answered or not (a step that stopped before the scan was needed). */
  close(): void {
    this.aside.close();
  }

  /**
   * Names, titles and descriptions of the listed tools sorted by name, as the catalogue orders them; undefined when one
   * is not an object with a string name (the catalogue refuses those) or two share a name (ties are ordered by text).
   */
  static inputOf(list: readonly unknown[]): ConfusableInput | undefined {
    const tools: ConfusableInput = [];
    for (const t of list) {
      if (!t || typeof t !== 'object' || Array.isArray(t)) return undefined;
      const { name, title, description } = t as Record<string, unknown>;
      if (typeof name !== 'string') return undefined;
      tools.push({ name, title: typeof title === 'string' ? title : undefined, description: typeof description === 'string' ? description : undefined });
    }
    tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (let i = 1; i < tools.length; i++) if (tools[i]!.name === tools[i - 1]!.name) return undefined;
    return tools;
  }

  /** The findings when `tools` is, tool for tool, the input scanned (a masked catalogue or a dropped field differs); else undefined. */
  take(tools: ConfusableInput, threshold: number): Promise<RawFinding[] | undefined> | undefined {
    if (threshold !== this.threshold || tools.length !== this.tools.length) return undefined;
    for (let i = 0; i < tools.length; i++) {
      const a = tools[i]!;
      const b = this.tools[i]!;
      if (a.name !== b.name || a.title !== b.title || a.description !== b.description) return undefined;
    }
    return this.findings;
  }
}
