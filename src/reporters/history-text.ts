import type { HistoryEntry, HistoryMove } from '../core/history-types.js';
import { visible } from './text.js';

const pct = (c: number, n: number): string => (n ? `${((c / n) * 100).toFixed(0)}%` : '–');
const short = (s?: string): string => (s ? s.slice(0, 8) : '–');

/** The history for a terminal: one row per run, the pass rate series per model and case, then every move with its causes. */
export function renderHistoryText(entries: readonly HistoryEntry[], moves: readonly HistoryMove[]): string {
  const out: string[] = [`${entries.length} run(s)`, ''];
  out.push('  #   time                  commit    catalogue golden    mcp-assay  conformance');
  entries.forEach((e, i) => {
    const c = e.scores.conformance;
    out.push(
      `  ${String(i + 1).padEnd(3)} ${e.time.slice(0, 19).replace('T', ' ').padEnd(21)} ${short(e.commit).padEnd(9)} ${short(e.catalogue?.hash).padEnd(9)} ${short(e.golden?.hash).padEnd(9)} ${visible(e.harnessVersion).padEnd(10)} ${c.pass}/${c.total} pass, ${c.fail} fail`,
    );
  });
  const models = [...new Set(entries.flatMap((e) => e.models.map((m) => m.id)))].sort();
  if (models.length) {
    out.push('', 'pass rate per model');
    for (const m of models)
      out.push(`  ${visible(m)}: ${entries.map((e) => (e.scores.models[m] ? pct(e.scores.models[m].passes, e.scores.models[m].runs) : '·')).join(' → ')}`);
    const cases = [...new Set(entries.flatMap((e) => Object.keys(e.cases)))].sort();
    out.push('', 'pass rate per case');
    for (const id of cases)
      for (const m of models) {
        const series = entries.map((e) => e.cases[id]?.models[m]);
        if (series.every((s) => !s)) continue;
        out.push(`  ${visible(id)} · ${visible(m)}: ${series.map((s) => (s ? `${s[0]}/${s[1]}` : '·')).join(' → ')}`);
      }
  }
  out.push('', moves.length ? 'moves and what changed' : 'no pass rate moved');
  for (const mv of moves) {
    const d = mv.after[1] && mv.before[1] ? (mv.after[0] / mv.after[1] - mv.before[0] / mv.before[1]) * 100 : 0;
    const what = mv.caseId ? `case ${visible(mv.caseId)} · ${visible(mv.model)}` : `model ${visible(mv.model)}`;
    out.push(
      `  run ${mv.from + 1} → ${mv.to + 1}  ${what}: ${mv.before[0]}/${mv.before[1]} → ${mv.after[0]}/${mv.after[1]} (${d >= 0 ? '+' : ''}${d.toFixed(0)} pp)`,
    );
    for (const c of mv.causes) out.push(`      ${c.kind}: ${visible(c.detail)}`);
  }
  return out.join('\n') + '\n';
}
