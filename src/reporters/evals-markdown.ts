import type { EvalsReport } from '../core/evals-report.js';
import { costText, METRIC_LABELS, rateText } from './evals-text.js';
import { mdText } from './markdown-escape.js';

const ICON = { pass: '✅', fail: '❌', inconclusive: '❔' } as const;
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** Layer 1 in Markdown: per model the rates with intervals, then a cases × models matrix. */
export function evalsMarkdown(e: EvalsReport): string[] {
  const out = [
    '### Behaviour (layer 1)',
    '',
    `Golden set \`${mdText(e.golden.file)}\` · ${e.golden.cases} cases × ${e.runsPerCase} runs · target ${mdText(e.target)}`,
    '',
  ];
  for (const p of e.problems) out.push(`> ⚠️ ${mdText(p)}`, '');
  const head = ['Metric', ...e.models.map((m) => `${mdText(m.model)}${m.source === 'replay' ? ' (replay)' : ''}`)];
  out.push(row(head), row(head.map((_, i) => (i ? '---:' : '---'))));
  for (const [key, label] of METRIC_LABELS) out.push(row([label, ...e.models.map((m) => rateText(m.metrics[key]))]));
  out.push(row(['cost', ...e.models.map((m) => costText(m.costUsd))]), '');
  const ids = e.models[0]?.cases.map((c) => c.id) ?? [];
  const caseHead = ['Case', ...e.models.map((m) => mdText(m.model))];
  out.push(row(caseHead), row(caseHead.map((_, i) => (i ? ':---:' : '---'))));
  for (const id of ids)
    out.push(
      row([
        mdText(id),
        ...e.models.map((m) => {
          const c = m.cases.find((x) => x.id === id);
          return c ? `${ICON[c.verdict]} ${c.passes}/${c.n}${c.errors ? ` (${c.errors} err)` : ''}` : '–';
        }),
      ]),
    );
  const failing = e.models.flatMap((m) =>
    m.cases.filter((c) => c.verdict !== 'pass').map((c) => `- ${ICON[c.verdict]} **${mdText(c.id)}** (${mdText(m.model)}): ${mdText(c.reason)}`),
  );
  if (failing.length) out.push('', ...failing);
  for (const m of e.models) if (m.aborted) out.push('', `> ❔ ${mdText(m.model)} stopped: ${mdText(m.aborted)}`);
  return out;
}
