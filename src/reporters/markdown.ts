import type { CheckResult, Report, ReportSection, Status, TargetReport } from '../core/types.js';
import { htmlText, mdCode, mdCodeSpan, mdText } from './markdown-escape.js';
import { evidenceEntries, serverLabel, sortFindings, STATUS_WORD, summaryLine, targetLabel, truncate, wireBody, wireHeader } from './text.js';
import type { RenderOptions } from './types.js';
import { evalsMarkdown } from './evals-markdown.js';
import { crashed as crashedTarget, lastLines as lastLinesOf } from './text.js';

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

/** A pull-request comment holds 65,536 characters; the default report stays well under. */
export const MARKDOWN_BUDGET = 60_000;
/** Longest text in one table cell; the JSON report keeps it whole. */
const CELL = 400;
/** Most rows in one table; the rest are counted and left to the JSON report. */
const ROWS = 60;

const cell = (s: string): string => mdText(truncate(s, CELL));

function capped(rows: string[], what: string): string[] {
  return rows.length <= ROWS ? rows : [...rows.slice(0, ROWS), '', `…and ${rows.length - ROWS} more ${what}: see the JSON report (--json).`];
}

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
        (t.outcome === 'completed' ? 'completed' : `inconclusive: ${mdText(t.outcomeReason ?? '')}`) +
          (t.processesLeft?.length ? `; processes not ended: ${mdText(t.processesLeft.join(', '))}` : ''),
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
  const all = notable(report);
  // One finding per root cause: checks that only echo another's are counted under it.
  const items = all.filter(({ r }) => !r.sameCauseAs);
  if (!items.length && !all.length) return ['No failures or warnings.'];
  const rows: string[] = [];
  for (const { t, r } of items) {
    const echoes = all.filter((x) => x.t === t && x.r.sameCauseAs === r.checkId).length;
    const msg = [r.message, r.hint ? `hint: ${r.hint}` : '', echoes ? `(${echoes} more check(s): same cause)` : ''].filter(Boolean).join('\n');
    rows.push(
      row([
        mdText(targetLabel(t)),
        mdCodeSpan(r.checkId),
        r.level,
        `${ICON[r.status]} ${STATUS_WORD[r.status]}`,
        cell(msg),
        cell(r.expected ?? ''),
        cell(r.actual ?? ''),
      ]),
    );
  }
  return [
    row(['Target', 'Check', 'Level', 'Status', 'Message', 'Expected', 'Actual']),
    row(Array<string>(7).fill('---')),
    ...capped(rows, 'failures and warnings'),
  ];
}

/** Checks that did not run, collapsed: what the server did not offer is worth knowing, not worth the space. */
function notRunBlock(report: Report): string[] {
  const items = report.targets.flatMap((t) => t.results.filter((r) => r.status === 'skip' || r.status === 'precondition-failed').map((r) => ({ t, r })));
  if (!items.length) return [];
  // Grouped by reason: ninety checks outside a server's era are one row, not ninety.
  const groups = new Map<string, { t: TargetReport; status: Status; why: string; ids: string[] }>();
  for (const { t, r } of items) {
    const why = [r.message, r.hint].filter(Boolean).join('\n');
    const key = `${targetLabel(t)}\u0000${r.status}\u0000${why}`;
    const g = groups.get(key) ?? { t, status: r.status, why, ids: [] };
    g.ids.push(r.checkId);
    groups.set(key, g);
  }
  const rows = [...groups.values()].map((g) =>
    row([mdText(targetLabel(g.t)), cell(g.ids.join(', ')), `${ICON[g.status]} ${STATUS_WORD[g.status]}`, cell(g.why)]),
  );
  return [
    '<details>',
    `<summary>Not checked (${items.length})</summary>`,
    '',
    row(['Target', 'Checks', 'Status', 'Why']),
    row(Array<string>(4).fill('---')),
    ...capped(rows, 'groups'),
    '',
    '</details>',
  ];
}

function sectionBlock(t: TargetReport, s: ReportSection): string[] {
  const lines = [`### ${mdText(s.title)} — ${mdText(targetLabel(t))}`, ''];
  if (!s.findings.length) return [...lines, 'No findings.'];
  const render = (fs: typeof s.findings) =>
    fs.map((f) =>
      row([
        f.severity,
        mdCodeSpan(f.ruleId),
        cell(f.subject),
        cell(f.reason ? `${f.message}\n${f.reason}` : f.message),
        f.waived !== undefined ? cell(f.waived) : '',
      ]),
    );
  const head = [row(['Severity', 'Rule', 'Subject', 'Message', 'Waived']), row(Array<string>(5).fill('---'))];
  const sorted = sortFindings(s.findings);
  const main = sorted.filter((f) => f.severity !== 'info');
  const info = sorted.filter((f) => f.severity === 'info');
  if (main.length) lines.push(...head, ...capped(render(main), 'findings'));
  // Information (the risk inventory, …) is collapsed: useful on demand, not worth the comment's space.
  if (info.length)
    lines.push('', '<details>', `<summary>Information (${info.length})</summary>`, '', ...head, ...capped(render(info), 'findings'), '', '</details>');
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
    out.push(
      '<details>',
      `<summary>${htmlText(`${targetLabel(t)} · ${r.checkId} (${STATUS_WORD[r.status]})`)}</summary>`,
      '',
      mdCode(text),
      '',
      '</details>',
      '',
    );
  }
  return out;
}

/** Markdown for a CI job summary or a pull-request comment, kept under MARKDOWN_BUDGET characters. */
export function render(report: Report, opts: RenderOptions = {}): string {
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
  for (const t of report.targets)
    if (t.stderr && crashedTarget(t)) lines.push('', `### Server stderr (last lines) — ${mdText(targetLabel(t))}`, '', mdCode(lastLinesOf(t.stderr, 12)));
  // Wire evidence is in the JSON report; here only on request (--verbose), so the summary fits a PR comment.
  const ev = opts.verbose ? evidenceBlocks(report) : [];
  if (ev.length) lines.push('', '### Wire evidence', '', ...ev);
  else if (notable(report).some(({ r }) => r.evidence?.length))
    lines.push('', '_Wire evidence for each finding is in the JSON report (`--json`), by wire entry number; `--verbose` adds it here._');
  const text = `${lines.join('\n').trimEnd()}\n`;
  return text.length <= MARKDOWN_BUDGET
    ? text
    : `${text.slice(0, MARKDOWN_BUDGET - 200).replace(/\n[^\n]*$/, '')}\n\n_…cut to stay under ${MARKDOWN_BUDGET} characters: the JSON report has everything._\n`;
}
