import type { Report, Status, TargetReport } from '../core/types.js';
import type { Baseline, BaselineTarget } from './baseline-types.js';
import { contractErrorIds, CONTRACT_SECTION, targetKey } from './keys.js';
import type { DeterministicDelta, NotComparable } from '../core/gate-result.js';

const PASSING: ReadonlySet<Status> = new Set(['pass', 'warn']);
const UNDECIDED: ReadonlySet<Status> = new Set(['inconclusive', 'error']);

export interface DeterministicOutcome {
  deltas: DeterministicDelta[];
  unchanged: number;
  notComparable: NotComparable[];
}

function compareChecks(t: TargetReport, b: BaselineTarget, accepted: Map<string, string>, out: DeterministicOutcome): void {
  const key = b.key;
  const seen = new Set<string>();
  for (const r of t.results) {
    seen.add(r.checkId);
    const was = b.checks[r.checkId];
    const acceptedReason = accepted.get(r.checkId);
    const d = (kind: DeterministicDelta['kind'], note?: string): void =>
      void out.deltas.push({
        target: key,
        id: r.checkId,
        kind,
        from: acceptedReason !== undefined ? 'accepted-failure' : (was ?? 'absent'),
        to: r.status,
        ...(note ? { note } : {}),
      });
    if (acceptedReason !== undefined && PASSING.has(r.status)) d('stale', acceptedReason);
    else if (r.status === 'fail' && acceptedReason === undefined) d(was === undefined ? 'new' : 'regressed', r.message);
    else if (UNDECIDED.has(r.status) && was !== undefined && !UNDECIDED.has(was)) d('undecided', r.message);
    else if (was === undefined) d('new');
    else out.unchanged++;
  }
  for (const id of Object.keys(b.checks)) if (!seen.has(id)) out.deltas.push({ target: key, id, kind: 'gone', from: b.checks[id]!, to: 'absent' });
}

function compareContracts(t: TargetReport, b: BaselineTarget, accepted: Map<string, string>, out: DeterministicOutcome): void {
  const ran = (t.sections ?? []).some((s) => s.id === CONTRACT_SECTION);
  const now = new Set(contractErrorIds(t));
  const known = new Set(b.contractRules);
  for (const id of now) {
    if (accepted.has(id)) {
      out.unchanged++;
      continue;
    }
    const rule = id.slice('contracts:'.length, id.lastIndexOf('@'));
    out.deltas.push({ target: b.key, id, kind: known.has(rule) ? 'regressed' : 'new', from: 'absent', to: 'finding' });
  }
  for (const [id, reason] of accepted) {
    if (!id.startsWith('contracts:') || now.has(id)) continue;
    out.deltas.push({ target: b.key, id, kind: ran ? 'stale' : 'gone', from: 'accepted-failure', to: 'absent', note: reason });
  }
}

/** Conformance and contracts: flips fail, stale accepted failures fail, new checks and rules are reported. */
export function compareDeterministic(report: Report, baseline: Baseline, sameHarnessMajor: boolean): DeterministicOutcome {
  const out: DeterministicOutcome = { deltas: [], unchanged: 0, notComparable: [] };
  const byKey = new Map(baseline.targets.map((t) => [t.key, t]));
  const seen = new Set<string>();
  for (const t of report.targets) {
    const key = targetKey(t);
    seen.add(key);
    const b = byKey.get(key);
    if (!b) {
      out.notComparable.push({ subject: `target ${key}`, reason: 'not in the baseline (a new target)' });
      continue;
    }
    if (!sameHarnessMajor) {
      out.notComparable.push({ subject: `target ${key}`, reason: `the baseline was recorded by mcp-assay ${baseline.harness.version}, another major version` });
      continue;
    }
    if (t.outcome === 'inconclusive') {
      out.deltas.push({ target: key, id: 'target/outcome', kind: 'undecided', to: 'inconclusive', ...(t.outcomeReason ? { note: t.outcomeReason } : {}) });
      continue;
    }
    const accepted = new Map(b.accepted.map((a) => [a.id, a.reason]));
    compareChecks(t, b, accepted, out);
    compareContracts(t, b, accepted, out);
  }
  for (const b of baseline.targets) if (!seen.has(b.key)) out.notComparable.push({ subject: `target ${b.key}`, reason: 'in the baseline, not in this run' });
  return out;
}
