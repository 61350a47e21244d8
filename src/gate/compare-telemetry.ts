import type { EvalsView } from '../core/evals-view.js';
import { percentile } from '../core/regression-stats.js';
import type { BaselineEvals } from './baseline-types.js';
import type { GateOptions } from './options.js';
import type { TelemetryComparison } from '../core/gate-result.js';

const ms = (x: number): string => `${Math.round(x)} ms`;
const usd = (x: number): string => `$${x.toFixed(4)}`;

/** METRICS §7: p95 latency fails when up by more than Δ_ms and by more than 20%, with enough samples; cost per successful task fails when up more than 25%. */
export function compareTelemetry(now: EvalsView, base: BaselineEvals, models: ReadonlySet<string>, o: GateOptions): TelemetryComparison[] {
  const out: TelemetryComparison[] = [];
  for (const id of [...models].sort()) {
    const rows = now.results.filter((r) => r.model === id);
    const b = base.telemetry[id];
    const samples = rows.flatMap((r) => r.latenciesMs);
    const p95 = percentile(samples, 0.95);
    if (!b || b.latencyP95Ms === undefined || p95 === undefined || samples.length < o.latencyMinSamples || b.latencySamples < o.latencyMinSamples) {
      out.push({
        model: id,
        metric: 'latency_p95_ms',
        ...(b?.latencyP95Ms !== undefined ? { base: b.latencyP95Ms } : {}),
        ...(p95 !== undefined ? { now: p95 } : {}),
        verdict: 'insufficient_data',
        reason: `needs ${o.latencyMinSamples} latency samples on each side (baseline ${b?.latencySamples ?? 0}, now ${samples.length})`,
      });
    } else {
      const over = p95 - b.latencyP95Ms > o.latencyBudgetMs && p95 > b.latencyP95Ms * o.latencyRatio;
      out.push({
        model: id,
        metric: 'latency_p95_ms',
        base: b.latencyP95Ms,
        now: p95,
        verdict: over ? 'over_budget' : 'within_budget',
        reason: `p95 ${ms(b.latencyP95Ms)} -> ${ms(p95)} (budget: +${o.latencyBudgetMs} ms and x${o.latencyRatio})`,
      });
    }
    const successes = rows.reduce((s, r) => s + r.passes, 0);
    const costs = rows.filter((r) => r.costUsd !== undefined);
    const cost = costs.reduce((s, r) => s + r.costUsd!, 0);
    const baseCps = b?.costUsd !== undefined && b.successes > 0 ? b.costUsd / b.successes : undefined;
    const nowCps = costs.length && successes > 0 ? cost / successes : undefined;
    if (baseCps === undefined || nowCps === undefined) {
      out.push({
        model: id,
        metric: 'cost_per_success_usd',
        ...(baseCps !== undefined ? { base: baseCps } : {}),
        ...(nowCps !== undefined ? { now: nowCps } : {}),
        verdict: 'insufficient_data',
        reason: 'needs a recorded cost and at least one successful task on each side',
      });
    } else {
      const over = nowCps > baseCps * (1 + o.costIncrease) + 1e-12;
      out.push({
        model: id,
        metric: 'cost_per_success_usd',
        base: baseCps,
        now: nowCps,
        verdict: over ? 'over_budget' : 'within_budget',
        reason: `${usd(baseCps)} -> ${usd(nowCps)} per successful task (budget: +${Math.round(o.costIncrease * 100)}%)`,
      });
    }
  }
  return out;
}
