import pc from 'picocolors';
import type { CheckResult, Report, ReportSection, Status, TargetReport } from '../core/types.js';
import {
  byArea,
  evidenceEntries,
  findingsLine,
  needsDetail,
  serverLabel,
  sortFindings,
  STATUS_WORD,
  summaryLine,
  targetLabel,
  truncate,
  visible,
  crashed,
  lastLines,
  wireBody,
  wireHeader,
} from './text.js';
import type { RenderOptions } from './types.js';
import { evalsConsoleLines } from './evals-console.js';

type Colors = ReturnType<typeof pc.createColors>;

const SYMBOL: Record<Status, string> = {
  pass: '✔',
  fail: '✖',
  warn: '▲',
  skip: '-',
  'precondition-failed': '○',
  inconclusive: '?',
  error: '‼',
};

function paint(c: Colors, status: Status, s: string): string {
  if (status === 'pass') return c.green(s);
  if (status === 'fail' || status === 'error') return c.red(s);
  if (status === 'warn' || status === 'inconclusive') return c.yellow(s);
  return c.dim(s);
}

/** Indents every line of (already inert) text. */
function block(text: string, pad: string): string[] {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => `${pad}${l}`.trimEnd());
}

function resultLines(c: Colors, t: TargetReport, r: CheckResult, verbose: boolean): string[] {
  const time = verbose ? c.dim(` (${r.durationMs}ms)`) : '';
  const out = [`    ${paint(c, r.status, SYMBOL[r.status])} ${c.bold(visible(r.checkId))}  ${visible(r.title)}${time}`];
  const pad = '        ';
  if (needsDetail(r.status)) {
    out.push(`${pad}${c.dim(`${r.level} · ${STATUS_WORD[r.status]} · spec ${visible(r.spec.section)}`)}`);
    if (r.message) out.push(...block(visible(r.message), pad));
    if (r.expected !== undefined) out.push(...block(`expected: ${visible(r.expected)}`, pad));
    if (r.actual !== undefined) out.push(...block(`actual:   ${visible(r.actual)}`, pad));
    if (r.hint) out.push(...block(c.cyan(`hint:     ${visible(r.hint)}`), pad));
  }
  if (verbose)
    for (const w of evidenceEntries(t, r)) {
      out.push(`${pad}${c.dim(visible(wireHeader(w)))}`);
      out.push(...block(visible(truncate(wireBody(w), 2000)), `${pad}  `));
    }
  return out;
}

function sectionLines(c: Colors, s: ReportSection): string[] {
  const out = [`  ${c.bold(visible(s.title))}`];
  if (!s.findings.length) out.push(`    ${c.dim('no findings')}`);
  for (const f of sortFindings(s.findings)) {
    const sev =
      f.waived !== undefined ? c.dim('waived ') : f.severity === 'error' ? c.red('error  ') : f.severity === 'warning' ? c.yellow('warning') : c.dim('info   ');
    out.push(`    ${sev} ${c.bold(visible(f.ruleId))}  ${visible(f.subject)}: ${visible(f.message)}`.split('\n').join('\n            '));
    if (f.reason) out.push(...block(visible(f.reason), '            '));
    if (f.waived !== undefined) out.push(...block(c.dim(`waived: ${visible(f.waived)}`), '            '));
  }
  return out;
}

function targetLines(c: Colors, t: TargetReport, verbose: boolean): string[] {
  const out = [c.bold(`▸ ${targetLabel(t)}`) + (t.target.name ? `  ${c.dim(visible(t.target.display))}` : '')];
  out.push(`  era ${t.era} ${c.dim(`(${visible(t.eraReason)})`)}`);
  const proto = t.protocolVersion ? `protocol ${visible(t.protocolVersion)}` : 'protocol unknown';
  out.push(`  server ${serverLabel(t)} · ${proto} · ${t.target.kind}`);
  if (t.outcome === 'inconclusive') out.push(c.yellow(`  could not be checked to the end: ${visible(t.outcomeReason ?? 'no reason given')}`));
  if (t.processesLeft?.length) out.push(c.red(`  processes of the server could not be ended: ${visible(t.processesLeft.join(', '))}`));
  if (!verbose) out.push('');
  // Compact by default: an area that fully passed is one line; checks that do not apply to this transport are counted only.
  // One finding per root cause: checks that only echo another's cause are one line, after the rest.
  const echoes = verbose ? [] : t.results.filter((r) => r.sameCauseAs && r.status !== 'pass' && r.status !== 'skip');
  for (const [area, all] of byArea(t.results.filter((r) => !echoes.includes(r)))) {
    const results = verbose ? all : all.filter((r) => r.status !== 'skip');
    if (!results.length) continue;
    const passed = results.filter((r) => r.status === 'pass');
    if (!verbose && passed.length === results.length) {
      out.push(`  ${paint(c, 'pass', SYMBOL.pass)} ${c.bold(visible(area))} ${c.dim(`${passed.length} passed`)}`);
      continue;
    }
    if (verbose) out.push('');
    out.push(`  ${c.bold(visible(area))}`);
    for (const r of verbose ? results : results.filter((x) => x.status !== 'pass')) out.push(...resultLines(c, t, r, verbose));
    if (!verbose && passed.length)
      out.push(`    ${paint(c, 'pass', SYMBOL.pass)} ${c.dim(`${passed.length} more passed: ${passed.map((r) => visible(r.checkId)).join(', ')}`)}`);
  }
  for (const [cause, group] of groupBy(echoes, (r) => r.sameCauseAs!))
    out.push(
      '',
      `  ${paint(c, 'inconclusive', SYMBOL.inconclusive)} ${c.bold(`${group.length} more check(s)`)} ${c.dim(`same cause as ${visible(cause)}: ${truncate(group.map((r) => visible(r.checkId)).join(', '), 300)}`)}`,
    );
  for (const s of t.sections ?? []) out.push('', ...sectionLines(c, s));
  if (verbose && t.stderr) out.push('', `  ${c.bold('server stderr')}`, ...block(visible(t.stderr), '    '));
  else if (t.stderr && crashed(t)) out.push('', `  ${c.bold('server stderr (last lines)')}`, ...block(visible(lastLines(t.stderr, 12)), '    '));
  if (verbose && t.wireDropped) out.push(c.dim(`  ${t.wireDropped} wire entries dropped (cap)`));
  const findings = findingsLine([t]);
  out.push('');
  if (t.results.length || !findings) out.push(`  ${c.dim(summaryLine(t.summary))}${verbose ? c.dim(` · ${t.durationMs}ms`) : ''}`);
  if (findings) out.push(`  ${c.dim(findings)}`);
  return out;
}

function groupBy<T>(items: T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of items) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
}

/** The terminal view: per target its results by area, details of anything not passed, findings, and the closing summary line. */
export function render(report: Report, opts: RenderOptions = {}): string {
  const c = pc.createColors(opts.color === true);
  const verbose = opts.verbose === true;
  const lines = [
    c.bold(`mcp-assay ${visible(report.tool.version)}`) + c.dim(` · ${report.targets.length} target(s) · ${report.options.strict ? 'strict' : 'not strict'}`),
    '',
  ];
  for (const t of report.targets) lines.push(...targetLines(c, t, verbose), '');
  if (report.evals) {
    lines.push(...evalsConsoleLines(c, report.evals, verbose), '');
    if (!report.targets.length) return `${lines.join('\n')}\n`;
  }
  const s = report.summary;
  const tone = s.fail || s.error ? c.red : s.inconclusive || s.warn ? c.yellow : c.green;
  const findings = findingsLine(report.targets);
  const checked = report.targets.some((t) => t.results.length);
  if (findings) lines.push(findings);
  if (checked || !findings) lines.push(tone(`${summaryLine(s)} (${(report.durationMs / 1000).toFixed(1)}s)`));
  return `${lines.join('\n')}\n`;
}
