/** Long loops over a whole catalogue give the event loop a turn every few milliseconds, so responses in flight are read on time. */
const SLICE_MS = 10;

export class Slices {
  private since = performance.now();

  /** Resolves at once while the slice lasts; past it, after one turn of the event loop. */
  async turn(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}
