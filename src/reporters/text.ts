import type { CheckResult, Finding, Status, Summary, TargetReport, WireEntry } from '../core/types.js';

import { terminalText, truncateText } from '../core/escape.js';

/** Server-provided text made inert for a terminal or a document (the one terminal escaper, in core). */
export const visible = terminalText;
export const truncate = truncateText;

export const STATUS_WORD: Record<Status, string> = {
  pass: 'pass',
  fail: 'fail',
  warn: 'warn',
  skip: 'skip',
  'precondition-failed': 'precondition failed',
  inconclusive: 'inconclusive',
  error: 'error',
};

/** Statuses that come with an explanation worth showing. */
export function needsDetail(status: Status): boolean {
  return status === 'fail' || status === 'warn' || status === 'error' || status === 'inconclusive' || status === 'precondition-failed';
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `N passed, N failed, N warnings, …`: the closing line CI reads. */
export function summaryLine(s: Summary): string {
  return [
    `${s.pass} passed`,
    `${s.fail} failed`,
    plural(s.warn, 'warning', 'warnings'),
    `${s.skip} skipped`,
    `${s.preconditionFailed} precondition failed`,
    `${s.inconclusive} inconclusive`,
    plural(s.error, 'error', 'errors'),
  ].join(', ');
}

/** Counts of rule-based findings (contracts, migration, advice) over some targets, waived ones apart. */
export function findingsLine(targets: readonly TargetReport[]): string | undefined {
  const all = targets.flatMap((t) => (t.sections ?? []).flatMap((s) => s.findings));
  if (!all.length) return undefined;
  const open = all.filter((f) => f.waived === undefined);
  const n = (sev: string) => open.filter((f) => f.severity === sev).length;
  const waived = all.length - open.length;
  return `findings: ${n('error')} error, ${n('warning')} warning, ${n('info')} info${waived ? `, ${waived} waived` : ''}`;
}

export function targetLabel(t: TargetReport): string {
  return visible(t.target.name ?? t.target.display);
}

export function serverLabel(t: TargetReport): string {
  const s = [t.server?.name, t.server?.version].filter((x): x is string => !!x).join(' ');
  return visible(s || 'unknown server');
}

/** Results in first-seen area order, for grouping. */
export function byArea(results: readonly CheckResult[]): [string, CheckResult[]][] {
  const m = new Map<string, CheckResult[]>();
  for (const r of results) m.set(r.area, [...(m.get(r.area) ?? []), r]);
  return [...m];
}

export const SEVERITIES: Finding['severity'][] = ['error', 'warning', 'info'];

/** Findings ordered error, warning, info (waived last within each), stable otherwise. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const rank = (f: Finding): number => SEVERITIES.indexOf(f.severity) * 2 + (f.waived !== undefined ? 1 : 0);
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map((x) => x.f);
}

export function evidenceEntries(t: TargetReport, r: CheckResult): WireEntry[] {
  const want = new Set(r.evidence ?? []);
  return want.size ? t.wire.filter((w) => want.has(w.seq)) : [];
}

/** One wire entry as a header line and its body, both still raw (callers escape for their format). */
export function wireHeader(w: WireEntry): string {
  const arrow = w.from === 'harness' ? '→' : '←';
  const http = w.http ? [w.http.method, w.http.url, w.http.status].filter((x) => x !== undefined).join(' ') : '';
  const retry = w.retry ? ` (retry of #${w.retry.of}: ${w.retry.cause})` : '';
  const shared = w.sharedWith?.length ? ` (also judged by ${w.sharedWith.join(', ')})` : '';
  return `#${w.seq} +${w.atMs}ms ${w.from} ${arrow} ${w.channel}${http ? ` ${http}` : ''}${w.truncated ? ' (truncated)' : ''}${retry}${shared}`;
}

/** Headers (HTTP) then the body; headers matter as evidence (Mcp-Method, MCP-Protocol-Version). */
export function wireBody(w: WireEntry): string {
  const head = Object.entries(w.http?.headers ?? {}).map(([k, v]) => `${k}: ${v}`);
  const body = w.body !== undefined ? (typeof w.body === 'string' ? w.body : JSON.stringify(w.body, null, 2)) : (w.raw ?? '');
  return head.length ? `${head.join('\n')}\n\n${body}` : body;
}

export function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** The server process ended during the run: its last stderr lines usually say why. */
export function crashed(t: TargetReport): boolean {
  const said = [t.outcomeReason ?? '', ...t.results.map((r) => r.message ?? '')].join('\n');
  return /server process exited|stopped answering/.test(said);
}

export function lastLines(text: string, n: number): string {
  return text.trimEnd().split('\n').slice(-n).join('\n');
}
