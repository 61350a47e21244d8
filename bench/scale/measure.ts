/**
 * Preloaded into a measured CLI run (node --import): on exit, writes peak RSS, the worst event-loop stall overall
 * (monitorEventLoopDelay) and the worst stall while an HTTP request was in flight (the part of a stall that overlaps
 * the time some request was outstanding) to the file in SCALE_MEASURE_OUT.
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const out = process.env.SCALE_MEASURE_OUT;
if (out) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // The loop is judged only for the time a request was outstanding: a stall counts for its overlap with in-flight
  // time, so work done before the first request or after the last answer (the contracts analysis) is not blamed on it.
  let inFlight = 0;
  let busyFrom = 0;
  let covered = 0;
  subscribe('undici:request:create', () => {
    if (inFlight++ === 0) busyFrom = performance.now();
  });
  const done = (): void => {
    if (inFlight === 0) return;
    if (--inFlight === 0) covered += performance.now() - Math.max(busyFrom, last);
  };
  subscribe('undici:request:trailers', done);
  subscribe('undici:request:error', done);
  // A tick late by more than its period means the loop was blocked for that long.
  const period = 10;
  let last = performance.now();
  let worstInFlight = 0;
  setInterval(() => {
    const now = performance.now();
    const stall = now - last - period;
    const inFlightMs = covered + (inFlight > 0 ? now - Math.max(busyFrom, last) : 0);
    if (stall > 0) worstInFlight = Math.max(worstInFlight, Math.min(stall, inFlightMs));
    covered = 0;
    last = now;
  }, period).unref();
  process.on('exit', () => {
    histogram.disable();
    const report = { maxRssMiB: process.resourceUsage().maxRSS / 1024, loopMaxMs: histogram.max / 1e6, loopMaxInFlightMs: Math.max(0, worstInFlight) };
    writeFileSync(out, JSON.stringify(report));
  });
}
