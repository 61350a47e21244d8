/**
 * Runs the catalogue half of the contracts analysis on a worker thread while the checks run, so a large catalogue's
 * analysis no longer waits for the last check (nor holds up the event loop while requests are in flight). Anything
 * that goes wrong with the thread (it cannot start, a message cannot be copied, it dies or does not answer in time)
 * leaves the step to the in-process analysis, which gives the same report; the thread never outlives the run.
 */
import { Worker } from 'node:worker_threads';
import type { CatalogueDigest, ReportSection } from '../core/types.js';
import type { RuleSettings } from '../core/rules.js';
import type { Masker } from '../core/mask.js';
import type { RawCatalogueInput, ResultSizeObservation, StructuredResultObservation } from '../contracts/index.js';

export type ListKey = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';
const LISTS: readonly ListKey[] = ['tools', 'prompts', 'resources', 'resourceTemplates'];

export type BesideRequest =
  | { type: 'items'; key: ListKey; items: unknown[] }
  | { type: 'input'; rest: Omit<RawCatalogueInput, ListKey>; settings: RuleSettings | undefined; secrets: string[] }
  | { type: 'finish'; secrets: string[]; structuredResults: readonly StructuredResultObservation[]; resultSizes: readonly ResultSizeObservation[] };

export type BesideReply =
  { type: 'done'; digest: CatalogueDigest; section: ReportSection } | { type: 'failed'; stage: 'catalogue' | 'analysis'; message: string };

/** List members per message: copying one slice to the thread takes a few ms of the event loop, not the whole list's ~100 ms. */
const SLICE = 250;

export interface CatalogueRead {
  input: RawCatalogueInput;
  problems: string[];
}

export class ContractsBeside {
  private worker: Worker | undefined;
  private broken = false;
  private closed = false;
  /** Whether the thread took the whole input (false: the step runs in process). */
  private readonly handedOver: Promise<boolean>;

  /** Whether the checks asked for the tool list yet: before that, there is nothing to hand over. */
  private started = false;

  /**
   * Starts once a check has asked for the tool list (`toolsAsked`), and only for `minTools` tools or more; then the
   * other lists are read (`read`, the same shared calls the step makes at the end) and handed to the thread.
   */
  constructor(
    toolsAsked: Promise<{ items: unknown[] }>,
    read: () => Promise<CatalogueRead>,
    settings: RuleSettings | undefined,
    private readonly masker: Masker,
    minTools: number,
  ) {
    this.handedOver = toolsAsked
      .then(async (tools) => {
        this.started = true;
        if (tools.items.length < minTools || this.closed) return false;
        return this.handOver((await read()).input, settings);
      })
      .catch(() => false);
  }

  private async handOver(input: RawCatalogueInput, settings: RuleSettings | undefined): Promise<boolean> {
    if (this.closed) return false;
    // A small young generation: the thread runs beside the checks' own heap, and peak memory is the two together.
    const worker = new Worker(new URL('./contracts-worker.js', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    this.worker = worker;
    // The run's own waits keep the process alive; a thread left behind by a bug must not.
    worker.unref();
    worker.on('error', () => (this.broken = true));
    worker.on('exit', () => (this.broken = true));
    try {
      const { tools: _t, prompts: _p, resources: _r, resourceTemplates: _rt, ...rest } = input;
      for (const key of LISTS)
        for (let i = 0, items = input[key] ?? []; i < items.length; i += SLICE) {
          worker.postMessage({ type: 'items', key, items: items.slice(i, i + SLICE) } satisfies BesideRequest);
          // Answers in flight are read between slices.
          await new Promise((r) => setImmediate(r));
          if (this.broken || this.closed) return false;
        }
      worker.postMessage({ type: 'input', rest, settings, secrets: this.masker.secrets() } satisfies BesideRequest);
      return true;
    } catch {
      return false;
    }
  }

  /** The analysis with what the calls observed, or undefined when the step should run in process instead. */
  async finish(
    observed: { structuredResults: readonly StructuredResultObservation[]; resultSizes: readonly ResultSizeObservation[] },
    waitMs: number,
  ): Promise<BesideReply | undefined> {
    // Nothing was begun (no check asked for the tools): the step reads and analyses in process, as it always did.
    if (!this.started) return undefined;
    const endsAt = performance.now() + waitMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
    const handedOver = await Promise.race([this.handedOver, late]);
    clearTimeout(timer);
    if (!handedOver) return undefined;
    waitMs = Math.max(1, endsAt - performance.now());
    const worker = this.worker;
    if (!worker || this.broken) return undefined;
    return new Promise<BesideReply | undefined>((resolve) => {
      const done = (r: BesideReply | undefined): void => {
        clearTimeout(timer);
        worker.off('message', done).off('error', gone).off('exit', gone);
        resolve(r);
      };
      const gone = (): void => done(undefined);
      const timer = setTimeout(gone, waitMs);
      worker.once('message', done).once('error', gone).once('exit', gone);
      try {
        worker.postMessage({ type: 'finish', secrets: this.masker.secrets(), ...observed } satisfies BesideRequest);
      } catch {
        gone();
      }
    });
  }

  /** Ends the thread (idempotent); the run awaits it, so no thread outlives the run. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate().catch(() => undefined);
  }
}
