import { createHash } from 'node:crypto';
import { readEvals } from '../../core/evals-adapter.js';
import type { HistoryEntry } from '../../core/history-types.js';
import type { Report } from '../../core/types.js';
import { SCRIPT, STYLE } from './assets.js';
import { barChart } from './charts.js';
import { conformanceSection } from './conformance.js';
import { contractsSection } from './contracts.js';
import { evalsSection } from './evals.js';
import { h, type SafeHtml } from './safe-html.js';
import { trendSection } from './trend.js';

const sha = (s: string): string => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** Only the page's own script and style, by hash; no network at all (works from disk and as a CI artifact). */
export const CSP = `default-src 'none'; script-src ${sha(SCRIPT)}; style-src ${sha(STYLE)}; img-src data:; base-uri 'none'; form-action 'none'`;

function tiles(r: Report): SafeHtml {
  const s = r.summary;
  const tile = (cls: string, n: number, label: string) => h`<div class="tile ${cls}" data-testid="tile-${cls}"><b>${n}</b>${label}</div>`;
  return h`<div class="tiles">${tile('pass', s.pass, 'passed')}${tile('fail', s.fail, 'failed')}${tile('warn', s.warn, 'warnings')}${tile('skip', s.skip + s.preconditionFailed, 'not applicable')}${tile('undecided', s.inconclusive + s.error, 'inconclusive or error')}${tile(
    'findings',
    r.targets.reduce(
      (n, t) => n + (t.sections ?? []).reduce((m, x) => m + x.findings.filter((f) => f.severity === 'error' && f.waived === undefined).length, 0),
      0,
    ),
    'error findings',
  )}</div>`;
}

/** When no behaviour ran, the slowest checks show where the time went. */
function durations(r: Report): SafeHtml | string {
  const slow = r.targets
    .flatMap((t) => t.results.map((x) => ({ label: `${t.target.name ?? ''} ${x.checkId}`.trim(), ms: x.durationMs })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  if (!slow.length) return '';
  return barChart(
    'Slowest checks (ms)',
    slow.map((s) => ({ label: s.label, values: [{ name: '', value: s.ms }] })),
    'ms',
  );
}

export interface HtmlOptions {
  history?: readonly HistoryEntry[];
}

/** One self-contained HTML file of a finished report. Renders; decides nothing. */
export function renderHtml(report: Report, o: HtmlOptions = {}): string {
  const evals = readEvals(report);
  const body = h`<header><h1>mcp-assay report</h1><p class="muted">mcp-assay ${report.tool.version} · ${report.startedAt} · ${Math.round(report.durationMs)} ms · ${report.targets.length} target(s)${report.options.strict ? ' · strict' : ''}</p>
${tiles(report)}
<div class="controls"><button id="only-failures" type="button">Show failures only</button><button id="expand-all" type="button">Expand or collapse all</button></div></header>
<main>
${report.targets.map((t, i) => h`${conformanceSection(t, i)}${contractsSection(t)}`)}
${evals ? evalsSection(evals) : h`<section><h2>Timing</h2>${durations(report)}</section>`}
${o.history ? trendSection(o.history) : ''}
</main>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>mcp-assay report</title>
<style>${STYLE}</style>
</head><body>
${body.html}
<script>${SCRIPT}</script>
</body></html>
`;
}
