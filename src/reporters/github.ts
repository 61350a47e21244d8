/**
 * GitHub Actions workflow commands: an `::error`, `::warning` or `::notice` line per problem, which the runner turns
 * into annotations on the run and the pull request when a step prints them (`cat` the file, or write it to
 * /dev/stdout). Eval cases point at their line of the golden set, findings of a snapshot at the snapshot file.
 */
import path from 'node:path';
import { Masker } from '../core/mask.js';
import type { CheckResult, Finding, Report, Status, TargetReport } from '../core/types.js';
import type { CaseReport } from '../core/evals-report.js';
import { summaryLine, visible } from './text.js';

type Level = 'error' | 'warning' | 'notice';
interface Annotation {
  level: Level;
  title: string;
  message: string;
  file?: string;
  line?: number;
}

const RESULT_LEVEL: Partial<Record<Status, Level>> = {
  fail: 'error',
  error: 'error',
  inconclusive: 'warning',
  warn: 'warning',
  'precondition-failed': 'notice',
};
const FINDING_LEVEL: Record<Finding['severity'], Level> = { error: 'error', warning: 'warning', info: 'notice' };
const ORDER: Level[] = ['error', 'warning', 'notice'];
// Shapes of secrets (tokens, keys) are masked once more: this text goes to a public CI log.
const masker = new Masker();

/** Server text made inert (controls and bidi as visible escapes), secrets masked, then the runner's own escaping. */
const inert = (s: string): string => masker.text(visible(s));
/** A message: `%`, CR and LF escaped, so nothing a server says can end the line and start a command of its own. */
const data = (s: string): string => inert(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** A property value: also `:` and `,`, so the first `::` on the line always ends the properties. */
const property = (s: string): string => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** GitHub matches a file by its path in the repository: the working directory's relative path, `/`-separated. */
function repoPath(file: string): string {
  const rel = path.isAbsolute(file) ? path.relative(process.cwd(), file) : file;
  return (rel.startsWith('..') ? file : rel).replace(/\\/g, '/').replace(/^\.\//, '');
}

function line(a: Annotation): string {
  const props = [...(a.file ? [`file=${property(repoPath(a.file))}`] : []), ...(a.line ? [`line=${a.line}`] : []), `title=${property(a.title)}`];
  return `::${a.level} ${props.join(',')}::${data(a.message)}`;
}

function resultNote(r: CheckResult): string {
  return [r.message ?? r.title, r.expected ? `expected ${r.expected}` : '', r.actual ? `actual ${r.actual}` : '', r.hint ?? ''].filter(Boolean).join('\n');
}

function targetAnnotations(t: TargetReport, many: boolean): Annotation[] {
  const where = t.target.name ?? t.target.display;
  const title = (what: string) => (many ? `${what} · ${where}` : what);
  const out: Annotation[] = [];
  if (t.outcome === 'inconclusive')
    out.push({ level: 'error', title: title('target/outcome'), message: `${where} could not be checked: ${t.outcomeReason ?? 'no reason given'}` });
  for (const r of t.results) {
    const level = RESULT_LEVEL[r.status];
    if (level) out.push({ level, title: title(`${r.checkId} (${r.status})`), message: resultNote(r) });
  }
  const skipped = t.results.filter((r) => r.status === 'skip').map((r) => r.checkId);
  if (skipped.length)
    out.push({
      level: 'notice',
      title: title('skipped'),
      message: `${skipped.length} ${skipped.length === 1 ? 'check' : 'checks'} did not apply: ${skipped.join(', ')}`,
    });
  // Findings of a snapshot belong to that file; a live server's have no file in the repository.
  const file = t.target.kind === 'snapshot' ? t.target.display : undefined;
  for (const s of t.sections ?? [])
    for (const f of s.findings) {
      const message = `${f.subject}: ${f.message}${f.reason ? ` (${f.reason})` : ''}${f.waived !== undefined ? `\nwaived: ${f.waived}` : ''}`;
      out.push({ level: f.waived !== undefined ? 'notice' : FINDING_LEVEL[f.severity], title: title(f.ruleId), message, ...(file ? { file } : {}) });
    }
  return out;
}

function caseAnnotation(model: string, c: CaseReport, golden: string): Annotation | undefined {
  if (c.verdict === 'pass') return undefined;
  const level: Level = c.verdict === 'fail' ? 'error' : 'warning';
  const message = `${model}: ${c.passes}/${c.n} runs passed (${c.required} needed, ${c.gate} gate): ${c.reason}`;
  return { level, title: `eval ${c.id} (${c.verdict})`, message, file: golden, ...(c.line ? { line: c.line } : {}) };
}

/** Annotations, errors first (the runner shows only the first few of each level per step), then the summary as a notice. */
export function render(report: Report): string {
  const all = report.targets.flatMap((t) => targetAnnotations(t, report.targets.length > 1));
  const e = report.evals;
  if (e) {
    for (const p of e.problems) all.push({ level: 'error', title: 'eval', message: p });
    for (const m of e.models) {
      if (m.aborted) all.push({ level: 'error', title: `eval ${m.model}`, message: m.aborted });
      for (const c of m.cases) {
        const a = caseAnnotation(m.model, c, e.golden.file);
        if (a) all.push(a);
      }
    }
  }
  const sorted = ORDER.flatMap((level) => all.filter((a) => a.level === level));
  const evals = e ? ` · eval: ${e.models.map((m) => `${m.model} ${m.summary.pass}/${m.summary.cases} cases`).join(', ')}` : '';
  const summary: Annotation = { level: 'notice', title: 'mcp-assay', message: `${summaryLine(report.summary)} · ${report.targets.length} target(s)${evals}` };
  return `${[...sorted, summary].map(line).join('\n')}\n`;
}
