import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Slices } from '../../src/core/slices.js';

/** One item of work: about `ms` of the thread, by the clock the budget is measured with. */
const busy = (ms: number): void => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

/** Runs `loops` loops of `items` 1 ms items at once; counts the items done between two turns of the event loop. */
async function concurrentLoops(loops: number, items: number): Promise<{ perTurn: number[]; done: number[] }> {
  const perTurn: number[] = [];
  let sinceTurn = 0;
  let running = true;
  const watch = (): void => {
    perTurn.push(sinceTurn);
    sinceTurn = 0;
    if (running) setImmediate(watch);
  };
  setImmediate(watch);
  const done = await Promise.all(
    Array.from({ length: loops }, async () => {
      const slices = new Slices();
      let n = 0;
      for (let i = 0; i < items; i++) {
        await slices.turn();
        busy(1);
        sinceTurn++;
        n++;
      }
      return n;
    }),
  );
  running = false;
  return { perTurn, done };
}

describe('Slices (long loops yield to the event loop)', () => {
  it('eight loops at once share one turn’s budget instead of each taking its own', async () => {
    const { perTurn, done } = await concurrentLoops(8, 60);
    assert.deepEqual(done, Array(8).fill(60), 'every loop finishes');
    // Each loop alone may hold a turn for 10 ms (10 items); eight of them used to make a turn of about 80 items.
    const worst = Math.max(...perTurn);
    assert.ok(worst <= 32, `at most 32 one-millisecond items in one turn of the event loop, saw ${worst} (turns: ${perTurn.join(',')})`);
  });

  it('a loop alone keeps its whole slice, and every loop of many makes progress in every turn it waits for', async () => {
    const alone = await concurrentLoops(1, 40);
    assert.ok(Math.max(...alone.perTurn) >= 5, `a lone loop runs several items per turn: ${alone.perTurn.join(',')}`);
    const many = await concurrentLoops(12, 20);
    // Twelve loops split a 10 ms turn at no less than 1.5 ms each: no loop waits behind the others to the end.
    assert.ok(many.perTurn.length < 12 * 20, `turns: ${many.perTurn.length}`);
    assert.deepEqual(many.done, Array(12).fill(20));
  });
});
