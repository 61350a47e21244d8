import type { CheckResult, Report, ReportSection, Status, TargetReport } from '../core/types.js';
import { htmlText, mdCode, mdCodeSpan, mdText } from './markdown-escape.js';
import { evidenceEntries, serverLabel, sortFindings, STATUS_WORD, summaryLine, targetLabel, truncate, wireBody, wireHeader } from './text.js';
import type { Reporter } from './types.js';
import { evalsMarkdown } from './evals-markdown.js';

const ICON: Record<Status, string> = {
  pass: '✅',
  fail: '❌',
  warn: '⚠️',
  skip: '⏭️',
  'precondition-failed': '⚪',
  inconclusive: '❔',
  error: '💥',
};

/** Shown in the failures table, in this order. */
const NOTABLE: Status[] = ['fail', 'error', 'inconclusive', 'warn'];

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function summaryTable(report: Report): string[] {
  const head = ['Target', 'Era', 'Server', 'Protocol', 'Outcome', 'Pass', 'Fail', 'Warn', 'Skip', 'Precondition failed', 'Inconclusive', 'Error'];
  const lines = [row(head), row(head.map((_, i) => (i < 5 ? '---' : '---:')))];
  for (const t of report.targets) {
    const s = t.summary;
    lines.push(
      row([
        mdText(targetLabel(t)),
        t.era,
        mdText(serverLabel(t)),
        t.protocolVersion ? mdText(t.protocolVersion) : '–',
        (t.outcome === 'completed' ? 'completed' : `inconclusive: ${mdText(t.outcomeReason ?? '')}`) + (t.processesLeft?.length ? `; processes not ended: ${mdText(t.processesLeft.join(', '))}` : ''),
        ...[s.pass, s.fail, s.warn, s.skip, s.preconditionFailed, s.inconclusive, s.error].map(String),
      ]),
    );
  }
  return lines;
}

function notable(report: Report): { t: TargetReport; r: CheckResult }[] {
  const all = report.targets.flatMap((t) => t.results.map((r) => ({ t, r })));
  return NOTABLE.flatMap((st) => all.filter((x) => x.r.status === st));
}

function failuresTable(report: Report): string[] {
  const items = notable(report);
  if (!items.length) return ['No failures or warnings.'];
  const lines = [row(['Target', 'Check', 'Level', 'Status', 'Message', 'Expected', 'Actual']), row(Array(7).fill('---'))];
  for (const { t, r } of items) {
    const msg = [r.message, r.hint ? `hint: ${r.hint}` : ''].filter(Boolean).join('\n');
    lines.push(
      row([mdText(targetLabel(t)), mdCodeSpan(r.checkId), r.level, `${ICON[r.status]} ${STATUS_WORD[r.status]}`, mdText(msg), mdText(r.expected ?? ''), mdText(r.actual ?? '')]),
    );
  }
  return lines;
}

/** Checks that did not run, collapsed: what the server did not offer is worth knowing, not worth the space. */
function notRunBlock(report: Report): string[] {
  const items = report.targets.flatMap((t) => t.results.filter((r) => r.status === 'skip' || r.status === 'precondition-failed').map((r) => ({ t, r })));
  if (!items.length) return [];
  const lines = ['<details>', `<summary>Not checked (${items.length})</summary>`, '', row(['Target', 'Check', 'Status', 'Why']), row(Array(4).fill('---'))];
  for (const { t, r } of items)
    lines.push(row([mdText(targetLabel(t)), mdCodeSpan(r.checkId), `${ICON[r.status]} ${STATUS_WORD[r.status]}`, mdText([r.message, r.hint].filter(Boolean).join('\n'))]));
  return [...lines, '', '</details>'];
}

function sectionBlock(t: TargetReport, s: ReportSection): string[] {
  const lines = [`### ${mdText(s.title)} — ${mdText(targetLabel(t))}`, ''];
  if (!s.findings.length) return [...lines, 'No findings.'];
  lines.push(row(['Severity', 'Rule', 'Subject', 'Message', 'Waived']), row(Array(5).fill('---')));
  for (const f of sortFindings(s.findings)) {
    const msg = f.reason ? `${f.message}\n${f.reason}` : f.message;
    lines.push(row([f.severity, mdCodeSpan(f.ruleId), mdText(f.subject), mdText(msg), f.waived !== undefined ? mdText(f.waived) : '']));
  }
  return lines;
}

/** Wire evidence behind each failure, collapsed: a CI summary stays readable. */
function evidenceBlocks(report: Report): string[] {
  const out: string[] = [];
  for (const { t, r } of notable(report)) {
    if (r.status === 'warn') continue;
    const entries = evidenceEntries(t, r);
    if (!entries.length) continue;
    const text = entries.map((w) => `${wireHeader(w)}\n${truncate(wireBody(w), 4000)}`).join('\n\n');
    out.push('<details>', `<summary>${htmlText(`${targetLabel(t)} · ${r.checkId} (${STATUS_WORD[r.status]})`)}</summary>`, '', mdCode(text), '', '</details>', '');
  }
  return out;
}

export const markdownReporter: Reporter = {
  id: 'markdown',
  fileExtension: '.md',
  render(report: Report): string {
    if (report.evals && !report.targets.length) return `${['## mcp-assay report', '', ...evalsMarkdown(report.evals)].join('\n').trimEnd()}\n`;
    const s = report.summary;
    const verdict = s.fail || s.error ? '❌' : s.inconclusive ? '❔' : s.warn ? '⚠️' : '✅';
    const lines = [
      '## mcp-assay report',
      '',
      `${verdict} **${summaryLine(s)}** · ${report.targets.length} target(s) · ${(report.durationMs / 1000).toFixed(1)}s${report.options.strict ? ' · strict' : ''}`,
      '',
      ...summaryTable(report),
      '',
      '### Failures and warnings',
      '',
      ...failuresTable(report),
    ];
    const notRun = notRunBlock(report);
    if (notRun.length) lines.push('', ...notRun);
    for (const t of report.targets) for (const sec of t.sections ?? []) lines.push('', ...sectionBlock(t, sec));
    if (report.evals) lines.push('', ...evalsMarkdown(report.evals));
    const ev = evidenceBlocks(report);
    if (ev.length) lines.push('', '### Wire evidence', '', ...ev);
    return `${lines.join('\n').trimEnd()}\n`;
  },
};
