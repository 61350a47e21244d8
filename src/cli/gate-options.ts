import { InvalidArgumentError, type Command } from 'commander';

function fraction(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('expected a number from 0 to 1, e.g. 0.02');
  return n;
}

function whole(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

/** Options shared by `gate` and `check --baseline` (METRICS §7 thresholds). */
export function gateOptions(c: Command): Command {
  return c
    .option('--update-baseline', 'write this run as the new baseline, only when the gate passed')
    .option('--max-drop <fraction>', 'smallest drop in pooled pass rate that is a regression (default 0.02)', fraction)
    .option('--min-runs <n>', 'pooled runs needed on each side for a verdict (default 20)', whole)
    .option('--critical-tag <tag>', 'cases with this tag fail the gate when they fall from >=4/5 to <=2/5 (default critical)')
    .option('--latency-budget-ms <ms>', 'p95 latency may grow by this much and 20% (default 250)', whole)
    .option('--gate-md <file>', 'write the gate deltas as Markdown for a pull-request comment (under 60,000 characters)')
    .option('--gate-json <file>', 'write the gate result as JSON')
    .option('--no-step-summary', 'do not append to $GITHUB_STEP_SUMMARY');
}
