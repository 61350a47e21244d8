import type { CheckResult, Status, TargetReport } from '../../core/types.js';
import { STATUS_WORD } from '../text.js';
import { h, jsonText, type SafeHtml } from './safe-html.js';

const ORDER: Status[] = ['fail', 'error', 'inconclusive', 'warn', 'precondition-failed', 'skip', 'pass'];

function evidence(t: TargetReport, r: CheckResult): SafeHtml | string {
  const seqs = new Set(r.evidence ?? []);
  const entries = t.wire.filter((w) => seqs.has(w.seq));
  if (!entries.length) return '';
  return h`<details class="evidence"><summary>wire evidence (${entries.length} message${entries.length === 1 ? '' : 's'})</summary>${entries.map(
    (w) =>
      h`<div class="wire"><div class="wire-head">#${w.seq} ${w.from} · ${w.channel} · ${w.phase}${w.http?.method ? ` · ${w.http.method}` : ''}${w.http?.status !== undefined ? ` · HTTP ${w.http.status}` : ''}${w.retry ? ` · retry of #${w.retry.of}: ${w.retry.cause}` : ''}</div><pre>${jsonText(w.body ?? w.raw ?? '')}</pre></div>`,
  )}</details>`;
}

function row(t: TargetReport, r: CheckResult): SafeHtml {
  const detail = r.status !== 'pass' && r.status !== 'skip';
  return h`<tr class="check st-${r.status}" data-status="${r.status}" data-check="${r.checkId}">
<td><span class="badge st-${r.status}">${STATUS_WORD[r.status]}</span></td>
<td><code>${r.checkId}</code><div class="muted">${r.title}</div></td>
<td>${r.level}</td>
<td>${detail ? h`${r.message ? h`<div>${r.message}</div>` : ''}${r.expected ? h`<div><b>expected</b> ${r.expected}</div>` : ''}${r.actual ? h`<div><b>actual</b> ${r.actual}</div>` : ''}${r.hint ? h`<div class="muted">${r.hint}</div>` : ''}${evidence(t, r)}` : ''}
<div class="muted spec">${r.spec.section} · ${r.spec.quote}</div></td></tr>`;
}

/** One target: header, then results grouped by area, areas with failures first and open. */
export function conformanceSection(t: TargetReport, index: number): SafeHtml {
  const areas = new Map<string, CheckResult[]>();
  for (const r of t.results) areas.set(r.area, [...(areas.get(r.area) ?? []), r]);
  const worst = (rs: CheckResult[]): number => Math.min(...rs.map((r) => ORDER.indexOf(r.status)));
  const sorted = [...areas].sort((a, b) => worst(a[1]) - worst(b[1]) || (a[0] < b[0] ? -1 : 1));
  const s = t.summary;
  return h`<section class="target" id="target-${index}">
<h2>${t.target.name ?? t.target.display}</h2>
<p class="muted">${t.target.display} · era ${t.era} (${t.eraReason})${t.server?.name ? h` · server ${t.server.name} ${t.server.version ?? ''}` : ''}${t.protocolVersion ? ` · protocol ${t.protocolVersion}` : ''}</p>
${t.outcome === 'inconclusive' ? h`<p class="alert">Inconclusive: ${t.outcomeReason ?? 'the server could not be checked'}</p>` : ''}
<p class="counts" data-testid="target-counts">${s.pass} passed · ${s.fail} failed · ${s.warn} warnings · ${s.skip} skipped · ${s.preconditionFailed} precondition failed · ${s.inconclusive} inconclusive · ${s.error} errors</p>
${sorted.map(([area, rs]) => {
  const fails = rs.filter((r) => r.status === 'fail').length;
  return h`<details class="area" data-area="${area}" ${fails || rs.some((r) => r.status === 'error' || r.status === 'inconclusive') ? h`open` : ''}><summary>${area} <span class="muted">${rs.length} checks${fails ? `, ${fails} failed` : ''}</span></summary>
<table><thead><tr><th>status</th><th>check</th><th>level</th><th>detail</th></tr></thead><tbody>${[...rs].sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status)).map((r) => row(t, r))}</tbody></table></details>`;
})}
</section>`;
}
