/**
 * Preloaded into a measured CLI run (node --import): on exit, writes peak RSS, the worst event-loop stall overall
 * (monitorEventLoopDelay) and the worst stall while an HTTP request was in flight to the file in SCALE_MEASURE_OUT.
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const out = process.env.SCALE_MEASURE_OUT;
if (out) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let inFlight = 0;
  let busySince = false;
  subscribe('undici:request:create', () => {
    inFlight++;
    busySince = true;
  });
  const done = (): void => {
    inFlight = Math.max(0, inFlight - 1);
  };
  subscribe('undici:request:trailers', done);
  subscribe('undici:request:error', done);
  // A tick late by more than its period means the loop was blocked; it counts when a request was in flight at either end.
  const period = 10;
  let last = performance.now();
  let worstInFlight = 0;
  setInterval(() => {
    const now = performance.now();
    const stall = now - last - period;
    if ((busySince || inFlight > 0) && stall > worstInFlight) worstInFlight = stall;
    busySince = inFlight > 0;
    last = now;
  }, period).unref();
  process.on('exit', () => {
    histogram.disable();
    const report = { maxRssMiB: process.resourceUsage().maxRSS / 1024, loopMaxMs: histogram.max / 1e6, loopMaxInFlightMs: Math.max(0, worstInFlight) };
    writeFileSync(out, JSON.stringify(report));
  });
}
