import type { CheckResult, Finding, Report, ReportSection, TargetReport } from '../core/types.js';
import { evidenceEntries, seconds, serverLabel, targetLabel, truncate, visible, wireBody, wireHeader } from './text.js';
import type { RenderOptions } from './types.js';
import { xmlAttr, xmlText } from './xml.js';
import { evalsJunitSuites } from './evals-junit.js';

interface Case {
  classname: string;
  name: string;
  timeMs: number;
  /** Element inside the testcase, already rendered. */
  body: string;
  kind: 'pass' | 'failure' | 'error' | 'skipped';
}

const t = (s: string): string => xmlText(visible(s));
const a = (s: string): string => xmlAttr(visible(s));

function details(r: CheckResult): string {
  const lines = [
    r.message,
    r.expected !== undefined ? `expected: ${r.expected}` : '',
    r.actual !== undefined ? `actual: ${r.actual}` : '',
    r.hint ? `hint: ${r.hint}` : '',
  ];
  lines.push(`${r.level} · spec ${r.spec.section} (${r.spec.revision.since})`);
  return lines.filter((l): l is string => !!l).join('\n');
}

function resultCase(target: TargetReport, r: CheckResult, verbose: boolean): Case {
  const msg = a(truncate(r.message ?? r.title, 500));
  const wire = verbose
    ? evidenceEntries(target, r)
        .map((w) => `${wireHeader(w)}\n${truncate(wireBody(w), 4000)}`)
        .join('\n\n')
    : '';
  const out = wire ? `\n      <system-out>${t(wire)}</system-out>` : '';
  const base = { classname: r.area, name: r.checkId, timeMs: r.durationMs };
  switch (r.status) {
    case 'fail':
      return { ...base, kind: 'failure', body: `\n      <failure message="${msg}" type="${r.level}">${t(details(r))}</failure>${out}` };
    case 'error':
    case 'inconclusive':
      return { ...base, kind: 'error', body: `\n      <error message="${msg}" type="${r.status}">${t(details(r))}</error>${out}` };
    case 'skip':
    case 'precondition-failed':
      return { ...base, kind: 'skipped', body: `\n      <skipped message="${a(`${r.status}: ${r.message ?? r.title}`)}"/>` };
    case 'warn':
      return { ...base, kind: 'pass', body: `\n      <system-out>${t(`warning: ${details(r)}`)}${wire ? `\n\n${t(wire)}` : ''}</system-out>` };
    case 'pass':
      return { ...base, kind: 'pass', body: out };
  }
}

function findingCase(s: ReportSection, f: Finding): Case {
  const base = { classname: s.id, name: `${f.ruleId}: ${f.subject}`, timeMs: 0 };
  const text = [f.message, f.reason].filter(Boolean).join('\n');
  if (f.waived !== undefined) return { ...base, kind: 'skipped', body: `\n      <skipped message="${a(`waived: ${f.waived}`)}"/>` };
  if (f.severity === 'error')
    return { ...base, kind: 'failure', body: `\n      <failure message="${a(truncate(f.message, 500))}" type="${f.severity}">${t(text)}</failure>` };
  return { ...base, kind: 'pass', body: `\n      <system-out>${t(`${f.severity}: ${text}`)}</system-out>` };
}

/** An unreachable target must not read as an empty, green suite. */
function outcomeCase(target: TargetReport): Case | undefined {
  if (target.outcome !== 'inconclusive') return undefined;
  const why = target.outcomeReason ?? 'the target could not be checked to the end';
  return {
    classname: 'target',
    name: 'outcome',
    timeMs: 0,
    kind: 'error',
    body: `\n      <error message="${a(truncate(why, 500))}" type="inconclusive">${t(why)}</error>`,
  };
}

function count(cases: Case[]): string {
  const n = (k: Case['kind']): number => cases.filter((c) => c.kind === k).length;
  return `tests="${cases.length}" failures="${n('failure')}" errors="${n('error')}" skipped="${n('skipped')}"`;
}

function suite(target: TargetReport, startedAt: string, verbose: boolean): { xml: string; cases: Case[] } {
  const cases = [...(outcomeCase(target) ? [outcomeCase(target) as Case] : []), ...target.results.map((r) => resultCase(target, r, verbose))];
  for (const s of target.sections ?? []) cases.push(...s.findings.map((f) => findingCase(s, f)));
  const props: [string, string | undefined][] = [
    ['target', target.target.display],
    ['transport', target.target.kind],
    ['era', target.era],
    ['eraReason', target.eraReason],
    ['protocolVersion', target.protocolVersion],
    ['server', serverLabel(target)],
  ];
  const propXml = props.filter((p): p is [string, string] => p[1] !== undefined).map(([k, v]) => `      <property name="${k}" value="${a(v)}"/>`);
  const body = cases.map(
    (c) => `    <testcase classname="${a(c.classname)}" name="${a(c.name)}" time="${seconds(c.timeMs)}"${c.body ? `>${c.body}\n    </testcase>` : '/>'}`,
  );
  const stderr = verbose && target.stderr ? [`    <system-err>${t(target.stderr)}</system-err>`] : [];
  const head = `  <testsuite name="${a(targetLabel(target))}" ${count(cases)} time="${seconds(target.durationMs)}" timestamp="${a(startedAt)}">`;
  return { xml: [head, '    <properties>', ...propXml, '    </properties>', ...body, ...stderr, '  </testsuite>'].join('\n'), cases };
}

/** JUnit XML: a test suite per target, a test case per result and finding. */
export function render(report: Report, opts: RenderOptions = {}): string {
  const suites = report.targets.map((target) => suite(target, report.startedAt, opts.verbose === true));
  const all = suites.flatMap((s) => s.cases);
  const evals = report.evals ? evalsJunitSuites(report.evals, report.startedAt) : [];
  const sum = (k: 'tests' | 'failures' | 'errors') => evals.reduce((n, s) => n + s[k], 0);
  const counts = evals.length
    ? `tests="${all.length + sum('tests')}" failures="${all.filter((c) => c.kind === 'failure').length + sum('failures')}" errors="${all.filter((c) => c.kind === 'error').length + sum('errors')}" skipped="${all.filter((c) => c.kind === 'skipped').length}"`
    : count(all);
  const head = `<testsuites name="mcp-assay" ${counts} time="${seconds(report.durationMs)}" timestamp="${a(report.startedAt)}">`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...suites.map((s) => s.xml), ...evals.map((s) => s.xml), '</testsuites>', ''].join('\n');
}
