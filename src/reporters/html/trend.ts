import type { HistoryEntry } from '../../core/history-types.js';
import { trendChart } from './charts.js';
import { h, type SafeHtml } from './safe-html.js';

/** Pass rate per model and conformance pass share over the runs in the history. */
export function trendSection(history: readonly HistoryEntry[]): SafeHtml | string {
  if (history.length < 2) return '';
  const labels = history.map((_, i) => `#${i + 1}`);
  const models = [...new Set(history.flatMap((e) => e.models.map((m) => m.id)))].sort();
  const series = [
    ...models.map((m) => ({ name: m, points: history.map((e) => (e.scores.models[m]?.runs ? e.scores.models[m].passes / e.scores.models[m].runs : null)) })),
    {
      name: 'conformance pass share',
      points: history.map((e) => (e.scores.conformance.total ? e.scores.conformance.pass / e.scores.conformance.total : null)),
    },
  ];
  return h`<section class="trend" id="trend"><h2>Trend</h2>${trendChart(`Pass rates over the last ${history.length} runs`, labels, series)}
<table><thead><tr><th>run</th><th>time</th><th>commit</th><th>catalogue</th><th>golden</th></tr></thead><tbody>${history.map(
    (e, i) =>
      h`<tr><td>#${i + 1}</td><td>${e.time}</td><td><code>${(e.commit ?? '–').slice(0, 10)}</code></td><td><code>${(e.catalogue?.hash ?? '–').slice(0, 10)}</code></td><td><code>${(e.golden?.hash ?? '–').slice(0, 10)}</code></td></tr>`,
  )}</tbody></table></section>`;
}
