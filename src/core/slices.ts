/**
 * Long loops over a whole catalogue (building check inputs, measuring and compiling schemas, parsing a large answer)
 * give the event loop a turn every few milliseconds, so responses in flight are read on time. The budget is shared:
 * with eight checks at a time, eight loops each holding the loop for their own 10 ms made one turn last 80 ms. Loops
 * that yielded resume together and split one turn's budget between them, each at least MIN_SHARE_MS so all progress.
 */

/** How long one turn of the event loop may run long loops, whether one loop or several share it. */
const TURN_MS = 10;
const MIN_SHARE_MS = 1.5;

const waiting: (() => void)[] = [];
let share = TURN_MS;

function wake(): void {
  const batch = waiting.splice(0);
  share = Math.max(MIN_SHARE_MS, TURN_MS / batch.length);
  for (const resume of batch) resume();
}

export class Slices {
  private since = performance.now();
  private budget = TURN_MS;

  /** Resolves at once while this loop's slice lasts; past it, after one turn of the event loop (shared with others waiting). */
  async turn(): Promise<void> {
    if (performance.now() - this.since < this.budget) return;
    await new Promise<void>((resolve) => {
      if (waiting.push(resolve) === 1) setImmediate(wake);
    });
    this.since = performance.now();
    this.budget = share;
  }
}
