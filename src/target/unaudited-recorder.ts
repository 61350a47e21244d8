import { WireRecorder } from './recorder.js';

type Entry = Parameters<WireRecorder['record']>[0];

/**
 * A view of a run's recorder for deliberate 2025-era traffic (a legacy `initialize`, say): every message still lands
 * in the run's record, numbered there as evidence, but the wire audit never sees it, because the 2026-07-28
 * model must not judge messages of the older era.
 */
export class UnauditedRecorder extends WireRecorder {
  /** With `phases`, only the traffic of those phases is kept from the audit (a process two checks share). */
  constructor(
    private readonly main: WireRecorder,
    private readonly phases?: ReadonlySet<string>,
  ) {
    super(main.masker);
  }

  override record(e: Entry): number {
    return this.main.record(e, !this.phases || this.phases.has(e.phase) ? { audit: false } : {});
  }

  override share(seqs: readonly number[], phase: string): void {
    this.main.share(seqs, phase);
  }
}
