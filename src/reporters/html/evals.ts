import type { EvalCaseResultView, EvalsView } from '../../core/evals-view.js';
import { percentile, wilson } from '../../core/regression-stats.js';
import { barChart } from './charts.js';
import { h, jsonText, type SafeHtml } from './safe-html.js';

const pct = (x: number): string => `${Math.round(x * 100)}%`;

function cell(r: EvalCaseResultView | undefined): SafeHtml {
  if (!r) return h`<td class="na">–</td>`;
  const w = wilson(r.passes, r.runs);
  return h`<td class="cell v-${r.verdict}" data-case="${r.caseId}" data-model="${r.model}"><b>${r.passes}/${r.runs}</b> ${r.runs ? pct(r.passes / r.runs) : ''}<div class="muted">[${pct(w.low)}–${pct(w.high)}]${r.errors ? ` · ${r.errors} errors` : ''}</div><div class="verdict">${r.verdict}</div></td>`;
}

function traces(rows: readonly EvalCaseResultView[]): SafeHtml | string {
  const failed = rows.filter((r) => r.failedRuns?.length);
  if (!failed.length) return '';
  return h`<h3>Traces of failed runs</h3>${failed.map(
    (r) =>
      h`<details class="trace" data-case="${r.caseId}" data-model="${r.model}"><summary><code>${r.caseId}</code> · ${r.model} · ${r.failedRuns!.length} failed run(s)</summary>${r.failedRuns!.map(
        (f) =>
          h`<div class="run"><div><b>run ${f.run}</b>: ${f.reason}</div><ol>${f.calls.map((c) => h`<li><code>${c.tool}</code>${c.isError ? h` <span class="badge st-fail">isError</span>` : ''}<pre>${jsonText(c.args ?? {}, 1500)}</pre>${c.result !== undefined ? h`<pre class="result">${jsonText(c.result, 1500)}</pre>` : ''}</li>`)}</ol>${f.answer !== undefined ? h`<div class="answer"><b>answer</b> ${f.answer.slice(0, 2000)}</div>` : ''}</div>`,
      )}</details>`,
  )}`;
}

/** Cases × models with pass rates and Wilson intervals, latency and cost charts, and traces of failed runs. */
export function evalsSection(e: EvalsView): SafeHtml {
  const models = e.models.map((m) => m.id);
  const cases = [...new Set(e.results.map((r) => r.caseId))].sort();
  const at = new Map(e.results.map((r) => [`${r.caseId}\u0000${r.model}`, r]));
  const pooled = models.map((m) => {
    const rows = e.results.filter((r) => r.model === m);
    return { m, c: rows.reduce((s, r) => s + r.passes, 0), n: rows.reduce((s, r) => s + r.runs, 0), rows };
  });
  const latency = pooled.map((p) => {
    const xs = p.rows.flatMap((r) => r.latenciesMs);
    return {
      label: p.m,
      values: xs.length
        ? [
            { name: 'p50', value: percentile(xs, 0.5)! },
            { name: 'p95', value: percentile(xs, 0.95)! },
          ]
        : [],
    };
  });
  const cost = pooled
    .map((p) => {
      const priced = p.rows.filter((r) => r.costUsd !== undefined);
      const usd = priced.reduce((s, r) => s + r.costUsd!, 0);
      return { label: p.m, values: priced.length && p.c ? [{ name: 'per successful task', value: usd / p.c }] : [] };
    })
    .filter((b) => b.values.length);
  return h`<section class="evals" id="evals">
<h2>Behaviour</h2>
<p class="muted">golden set ${e.goldenSet.name ?? ''} ${e.goldenSet.hash.slice(0, 12)} · catalogue ${e.catalogueHash?.slice(0, 12) ?? '–'} · ${cases.length} cases × ${models.length} models</p>
<table class="matrix" data-testid="eval-matrix"><thead><tr><th>case</th>${models.map((m) => h`<th>${m}</th>`)}</tr></thead><tbody>
${cases.map((c) => h`<tr><th scope="row"><code>${c}</code></th>${models.map((m) => cell(at.get(`${c}\u0000${m}`)))}</tr>`)}
<tr class="pooled"><th scope="row">pooled</th>${pooled.map((p) => {
    const w = wilson(p.c, p.n);
    return h`<td data-model="${p.m}"><b>${p.c}/${p.n}</b> ${p.n ? pct(p.c / p.n) : ''}<div class="muted">[${pct(w.low)}–${pct(w.high)}]</div></td>`;
  })}</tr></tbody></table>
${
  latency.some((b) => b.values.length)
    ? barChart(
        'Case latency per model (ms)',
        latency.filter((b) => b.values.length),
        'ms',
      )
    : ''
}
${cost.length ? barChart('Cost per successful task (USD)', cost, '$') : ''}
${traces(e.results)}
</section>`;
}
