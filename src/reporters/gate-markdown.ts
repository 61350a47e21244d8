import type { GateResult, PooledComparison } from '../core/gate-result.js';
import { wilson } from '../core/regression-stats.js';
import { mdCodeSpan, mdText } from './markdown-escape.js';

/** GitHub rejects comments over 65,536 characters; stay well under with room for a footer. */
export const COMMENT_LIMIT = 60_000;
/** Marks the comment so a workflow can update it in place instead of adding one per push. */
export const COMMENT_MARKER = '<!-- mcp-assay-gate -->';

export interface GateMarkdownOptions {
  /** `comment` starts with the marker and is capped at COMMENT_LIMIT; `step-summary` is for $GITHUB_STEP_SUMMARY. */
  form?: 'comment' | 'step-summary';
  limit?: number;
}

const pct = (c: number, n: number): string => (n ? `${((c / n) * 100).toFixed(1)}%` : '–');
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} pp`;
const VERDICT = { regression: '❌ regression', no_regression: '✅ no regression', insufficient_data: '➖ insufficient data' } as const;

function headline(r: GateResult): string {
  if (r.exitCode === 0) return '## ✅ mcp-assay gate passed';
  if (r.exitCode === 1) return '## ❌ mcp-assay gate failed';
  return '## ⚠️ mcp-assay gate inconclusive';
}

function pooledRow(p: PooledComparison): string {
  const w = wilson(p.now.passes, p.now.runs);
  return `| ${mdText(p.model, 120)} | ${p.tag ? mdText(p.tag, 60) : 'all'} | ${p.base.passes}/${p.base.runs} (${pct(p.base.passes, p.base.runs)}) | ${p.now.passes}/${p.now.runs} (${pct(p.now.passes, p.now.runs)}) [${(w.low * 100).toFixed(0)}–${(w.high * 100).toFixed(0)}%] | ${signed(p.delta)} | ${signed(p.low)} … ${signed(p.high)} | ${VERDICT[p.verdict]} |`;
}

/** Sections in order of importance; each is a list of lines, so the cap can cut whole rows. */
function sections(r: GateResult): string[][] {
  const out: string[][] = [];
  if (r.reasons.length) out.push([r.exitCode === 1 ? '**Why it failed**' : '**Why it is inconclusive**', '', ...r.reasons.map((x) => `- ${mdText(x, 500)}`)]);
  const det = r.deterministic;
  const n = (k: string) => det.filter((d) => d.kind === k).length;
  const detLines = [
    '### Conformance and contracts',
    '',
    `${r.unchanged} unchanged · ${n('regressed')} regressed · ${n('stale')} stale baseline entries · ${n('new')} new · ${n('gone')} gone · ${n('undecided')} undecided`,
  ];
  if (det.length) {
    detLines.push('', '| target | check or finding | change | baseline | now | note |', '|---|---|---|---|---|---|');
    const order = ['regressed', 'stale', 'undecided', 'new', 'gone'];
    for (const d of [...det].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind)))
      detLines.push(`| ${mdText(d.target, 80)} | ${mdCodeSpan(d.id)} | ${d.kind} | ${d.from ?? ''} | ${d.to ?? ''} | ${d.note ? mdText(d.note, 200) : ''} |`);
  }
  out.push(detLines);
  if (r.pooled.length || r.models.length) {
    const lines = ['### Behaviour: pooled pass rates (Newcombe 95% interval on the change)', ''];
    if (r.pooled.length)
      lines.push('| model | tag | baseline | now [Wilson 95%] | change | interval | verdict |', '|---|---|---|---|---|---|---|', ...r.pooled.map(pooledRow));
    else
      lines.push(
        ...r.models.map((m) => `- ${mdText(m.id, 120)}: ${m.now.passes}/${m.now.runs} (${pct(m.now.passes, m.now.runs)}), nothing comparable in the baseline`),
      );
    out.push(lines);
  }
  if (r.cases.length)
    out.push([
      '### Cases that fell (at least 4/5 before, at most 2/5 now)',
      '',
      '| case | model | baseline | now | |',
      '|---|---|---|---|---|',
      ...r.cases.map(
        (c) =>
          `| ${mdText(c.caseId, 120)} | ${mdText(c.model, 80)} | ${c.base.passes}/${c.base.runs} | ${c.now.passes}/${c.now.runs} | ${c.critical ? '❌ critical' : '⚠️ case_regressed'} |`,
      ),
    ]);
  if (r.telemetry.length)
    out.push([
      '### Telemetry',
      '',
      '| model | metric | verdict | detail |',
      '|---|---|---|---|',
      ...r.telemetry.map((t) => `| ${mdText(t.model, 80)} | ${t.metric} | ${t.verdict.replace('_', ' ')} | ${mdText(t.reason, 200)} |`),
    ]);
  if (r.notComparable.length)
    out.push(['### Not comparable (listed, not gated)', '', ...r.notComparable.map((x) => `- ${mdText(x.subject, 160)}: ${mdText(x.reason, 300)}`)]);
  return out;
}

/** The gate's deltas as Markdown fit for a pull-request comment (under 60,000 characters) or a job summary. */
export function renderGateMarkdown(r: GateResult, o: GateMarkdownOptions = {}): string {
  const form = o.form ?? 'comment';
  const limit = o.limit ?? (form === 'comment' ? COMMENT_LIMIT : 1_000_000);
  const head = [...(form === 'comment' ? [COMMENT_MARKER] : []), headline(r), ''];
  let text = head.join('\n');
  let dropped = 0;
  for (const s of sections(r)) {
    for (const [i, line] of s.entries()) {
      // Keep room for the closing note; cut whole lines only, so no table or escape is broken mid-way.
      if (dropped || text.length + line.length + 1 > limit - 200) {
        dropped += s.length - i;
        break;
      }
      text += line + '\n';
    }
    if (!dropped) text += '\n';
  }
  if (dropped) text += `\n_…${dropped} more lines left out to fit a comment; the full gate result is in the JSON output._\n`;
  return text;
}
