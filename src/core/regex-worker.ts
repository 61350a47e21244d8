/**
 * The fallback for server patterns the linear-time engine cannot run (lookaround, backreferences): JavaScript's own
 * RegExp in a worker thread, waited for synchronously (Ajv validates synchronously) and terminated past a hard limit,
 * so a catastrophic pattern costs at most that limit, once.
 */
import { Worker } from 'node:worker_threads';

export const PATTERN_TIME_LIMIT_MS = 250;
const BOOT_LIMIT_MS = 5000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData);
parentPort.on('message', ({ pattern, flags, input }) => {
  let r = 3;
  try { r = new RegExp(pattern, flags).test(input) ? 1 : 0; } catch { r = 3; }
  Atomics.store(flag, 1, r);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
Atomics.store(flag, 0, 1);
Atomics.notify(flag, 0);
`;

export class PatternTimeoutError extends Error {
  override name = 'PatternTimeoutError';
}

let current: { worker: Worker; flag: Int32Array } | undefined;
/** Patterns that already ran out of time: not tried again on the next string. */
const hostile = new Set<string>();

function ready(): { worker: Worker; flag: Int32Array } {
  if (current) return current;
  const sab = new SharedArrayBuffer(8);
  const flag = new Int32Array(sab);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: sab });
  worker.unref();
  worker.on('error', () => undefined);
  if (Atomics.wait(flag, 0, 0, BOOT_LIMIT_MS) === 'timed-out') {
    void worker.terminate();
    throw new PatternTimeoutError('the pattern worker did not start');
  }
  current = { worker, flag };
  return current;
}

/** `new RegExp(pattern, flags).test(input)`, or PatternTimeoutError once it has run for `limitMs`. */
export function timedTest(pattern: string, flags: string, input: string, limitMs = PATTERN_TIME_LIMIT_MS): boolean {
  const key = `${flags}/${pattern}`;
  const stop = () =>
    new PatternTimeoutError(
      `pattern ${JSON.stringify(pattern.slice(0, 80))} did not finish within ${limitMs} ms (run as a JavaScript RegExp in a time-limited worker), so it is not judged`,
    );
  if (hostile.has(key)) throw stop();
  const w = ready();
  Atomics.store(w.flag, 0, 0);
  w.worker.postMessage({ pattern, flags, input });
  if (Atomics.wait(w.flag, 0, 0, limitMs) === 'timed-out') {
    // Terminating interrupts the regular expression; the next pattern gets a fresh worker.
    void w.worker.terminate();
    current = undefined;
    hostile.add(key);
    throw stop();
  }
  const r = Atomics.load(w.flag, 1);
  if (r === 3) throw new PatternTimeoutError(`pattern ${JSON.stringify(pattern.slice(0, 80))} could not be evaluated`);
  return r === 1;
}
