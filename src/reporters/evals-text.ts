import type { CaseReport, EvalsReport, ModelEvalReport } from '../core/evals-report.js';
import type { Rate } from '../core/stats.js';

/** `0.95 (19/20, 95% CI 0.76–0.99)`, or `n/a` when nothing was measured. */
export function rateText(r: Rate): string {
  if (r.rate === null) return 'n/a (n=0)';
  return `${r.rate.toFixed(2)} (${r.c}/${r.n}, 95% CI ${r.lo!.toFixed(2)}–${r.hi!.toFixed(2)})`;
}

type RateKey =
  | 'selectionAccuracy'
  | 'argumentAccuracy'
  | 'sequenceAccuracy'
  | 'overTriggerRate'
  | 'hallucinatedArgumentRate'
  | 'missingRequiredRate'
  | 'deniedViolationRate';

export const METRIC_LABELS: [RateKey, string][] = [
  ['selectionAccuracy', 'tool selection'],
  ['argumentAccuracy', 'arguments'],
  ['sequenceAccuracy', 'sequences'],
  ['overTriggerRate', 'over-triggering (lower is better)'],
  ['hallucinatedArgumentRate', 'hallucinated arguments (lower is better)'],
  ['missingRequiredRate', 'missing required arguments (lower is better)'],
  ['deniedViolationRate', 'denied tools called (lower is better)'],
];

export function costText(usd: number | undefined): string {
  return usd === undefined ? 'cost unknown (no price for this model)' : `~$${usd.toFixed(4)}`;
}

/** The first failing assertion of a failing case, for one line of "why". */
export function caseWhy(c: CaseReport): string {
  return c.reason;
}

export function modelLine(m: ModelEvalReport): string {
  const s = m.summary;
  return `${s.pass} passed, ${s.fail} failed, ${s.inconclusive} inconclusive of ${s.cases} cases · ${s.runs} runs (${s.errors} errors, ${s.cacheHits} from cache) · ${m.usage.inputTokens}+${m.usage.outputTokens} tokens · ${costText(m.costUsd)}`;
}

export function evalsHeader(e: EvalsReport): string {
  return `golden set ${e.golden.file} (${e.golden.cases} cases, ${e.runsPerCase} runs each) · target ${e.target}`;
}
