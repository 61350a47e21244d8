import type { GateResult } from '../core/gate-result.js';
import { visible } from './text.js';

const pct = (c: number, n: number): string => (n ? `${((c / n) * 100).toFixed(1)}%` : '–');

/** The gate for a terminal: verdict, reasons, and one line per part; details live in the Markdown and JSON forms. */
export function renderGateText(r: GateResult): string {
  const word = r.exitCode === 0 ? 'gate passed' : r.exitCode === 1 ? 'gate failed' : 'gate inconclusive';
  const lines = [`mcp-assay ${word}`];
  for (const x of r.reasons) lines.push(`  ✖ ${visible(x)}`);
  const k = (kind: string) => r.deterministic.filter((d) => d.kind === kind).length;
  lines.push(
    `  conformance and contracts: ${r.unchanged} unchanged, ${k('regressed')} regressed, ${k('stale')} stale, ${k('new')} new, ${k('gone')} gone, ${k('undecided')} undecided`,
  );
  for (const p of r.pooled)
    lines.push(
      `  ${visible(p.model)}${p.tag ? ` [${visible(p.tag)}]` : ''}: ${p.base.passes}/${p.base.runs} (${pct(p.base.passes, p.base.runs)}) → ${p.now.passes}/${p.now.runs} (${pct(p.now.passes, p.now.runs)}), ${p.verdict}`,
    );
  for (const c of r.cases)
    lines.push(
      `  case ${visible(c.caseId)} on ${visible(c.model)}: ${c.base.passes}/${c.base.runs} → ${c.now.passes}/${c.now.runs} case_regressed${c.critical ? ' (critical)' : ''}`,
    );
  for (const t of r.telemetry) if (t.verdict !== 'within_budget') lines.push(`  ${visible(t.model)} ${t.metric}: ${t.verdict} (${visible(t.reason)})`);
  for (const n of r.notComparable) lines.push(`  not comparable: ${visible(n.subject)}: ${visible(n.reason)}`);
  return lines.join('\n') + '\n';
}
