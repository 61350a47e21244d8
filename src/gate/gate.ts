import type { Report } from '../core/types.js';
import { readEvals } from '../core/evals-adapter.js';
import type { Baseline } from './baseline-types.js';
import { harnessMajor } from './baseline.js';
import { compareBehaviour, comparableParts } from './compare-behaviour.js';
import { compareDeterministic } from './compare-deterministic.js';
import { compareTelemetry } from './compare-telemetry.js';
import { GateInputError } from './errors.js';
import { DEFAULT_GATE_OPTIONS, type GateOptions } from './options.js';
import type { GateResult } from '../core/gate-result.js';

export interface GateFiles {
  report: string;
  baseline: string;
}

/** A baseline whose golden set is another one (by name, or sharing no case) cannot be a reference: exit 2. */
function assertSameGoldenSet(report: Report, baseline: Baseline, files: GateFiles): void {
  const now = readEvals(report);
  const base = baseline.evals;
  if (!now || !base) return;
  const a = base.goldenSet.name;
  const b = now.goldenSet.name;
  if (a !== undefined && b !== undefined && a !== b) throw new GateInputError(files.baseline, `the baseline is of golden set "${a}", the report of "${b}"`);
  const shared = now.results.some((r) => Object.hasOwn(base.cases, r.caseId));
  if (now.results.length && Object.keys(base.cases).length && !shared)
    throw new GateInputError(
      files.baseline,
      `the baseline shares no case with the report: it is of another golden set (hash ${base.goldenSet.hash.slice(0, 12)}, report ${now.goldenSet.hash.slice(0, 12)})`,
    );
}

/** Compares a finished report with the last green baseline. Decides; renders nothing. */
export function runGate(report: Report, baseline: Baseline, files: GateFiles, options: Partial<GateOptions> = {}): GateResult {
  const o = { ...DEFAULT_GATE_OPTIONS, ...options };
  assertSameGoldenSet(report, baseline, files);
  const sameMajor = harnessMajor(report.tool.version) === harnessMajor(baseline.harness.version);
  const det = compareDeterministic(report, baseline, sameMajor);
  const result: GateResult = {
    passed: true,
    exitCode: 0,
    reasons: [],
    deterministic: det.deltas,
    unchanged: det.unchanged,
    pooled: [],
    cases: [],
    telemetry: [],
    notComparable: [...det.notComparable],
    models: [],
  };
  const now = readEvals(report);
  if (now) {
    const totals = new Map<string, { passes: number; runs: number }>();
    for (const r of now.results) {
      const t = totals.get(r.model) ?? { passes: 0, runs: 0 };
      t.passes += r.passes;
      t.runs += r.runs;
      totals.set(r.model, t);
    }
    result.models = now.models.map((m) => ({ id: m.id, now: totals.get(m.id) ?? { passes: 0, runs: 0 } }));
  }
  if (now && baseline.evals) {
    const c = comparableParts(now, baseline.evals, harnessMajor(now.harnessVersion));
    result.notComparable.push(...c.notComparable);
    Object.assign(result, compareBehaviour(now, baseline.evals, c, o));
    result.telemetry = compareTelemetry(now, baseline.evals, c.models, o);
  } else if (now) result.notComparable.push({ subject: 'behaviour', reason: 'the baseline has no behaviour results' });
  else if (baseline.evals) result.notComparable.push({ subject: 'behaviour', reason: 'this run has no behaviour results' });

  const fail = (why: string): void => void result.reasons.push(why);
  for (const d of det.deltas) {
    if (d.kind === 'regressed') fail(`${d.target}: ${d.id} ${d.from === 'absent' ? 'is a new failure of a known rule' : `went ${d.from} → ${d.to}`}`);
    if (d.kind === 'stale') fail(`${d.target}: ${d.id} is listed as an accepted failure but passes now: remove the stale baseline entry`);
  }
  for (const p of result.pooled)
    if (p.verdict === 'regression')
      fail(
        `${p.model}${p.tag ? ` [${p.tag}]` : ''}: pass rate fell ${((p.base.passes / p.base.runs) * 100).toFixed(1)}% → ${((p.now.passes / p.now.runs) * 100).toFixed(1)}%`,
      );
  for (const c of result.cases)
    if (c.critical) fail(`${c.model}: critical case ${c.caseId} went ${c.base.passes}/${c.base.runs} → ${c.now.passes}/${c.now.runs}`);
  for (const t of result.telemetry) if (t.verdict === 'over_budget') fail(`${t.model}: ${t.metric} over budget: ${t.reason}`);
  if (result.reasons.length) {
    result.passed = false;
    result.exitCode = 1;
    return result;
  }
  const undecided = det.deltas.filter((d) => d.kind === 'undecided');
  const undecidedCases = (now?.results ?? []).filter((r) => r.verdict === 'inconclusive');
  if (undecided.length || undecidedCases.length) {
    result.exitCode = 3;
    result.passed = false;
    for (const d of undecided) result.reasons.push(`${d.target}: ${d.id} could not be decided (${d.to})`);
    for (const r of undecidedCases) result.reasons.push(`${r.model}: case ${r.caseId} is inconclusive (${r.errors} infra errors)`);
  }
  return result;
}
