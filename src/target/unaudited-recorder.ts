import { WireRecorder } from './recorder.js';

type Entry = Parameters<WireRecorder['record']>[0];

/**
 * A view of a run's recorder for deliberate 2025-era traffic (a legacy `initialize`, say): every message still lands
 * in the run's record, numbered there as evidence, but the wire audit never sees it, because the 2026-07-28
 * model must not judge messages of the older era.
 */
export class UnauditedRecorder extends WireRecorder {
  constructor(private readonly main: WireRecorder) {
    super(main.masker);
  }

  override record(e: Entry): number {
    return this.main.record(e, { audit: false });
  }
}
