import type { TargetReport } from '../core/types.js';

/** How a target is matched across runs: its config name, else what it was called with. */
export const targetKey = (t: Pick<TargetReport, 'target'>): string => t.target.name ?? t.target.display;

export const CONTRACT_SECTION = 'contracts';

/** Id of a contract finding in a baseline: rule and subject, stable across runs. */
export const contractId = (ruleId: string, subject: string): string => `contracts:${ruleId}@${subject}`;

/** Ids of the contract findings that fail a run (error level, not waived). */
export function contractErrorIds(t: TargetReport): string[] {
  const s = (t.sections ?? []).find((x) => x.id === CONTRACT_SECTION);
  return [...new Set((s?.findings ?? []).filter((f) => f.severity === 'error' && f.waived === undefined).map((f) => contractId(f.ruleId, f.subject)))].sort();
}
