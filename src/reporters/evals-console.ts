import type pc from 'picocolors';
import type { CaseReport, EvalsReport } from '../core/evals-report.js';
import { caseWhy, evalsHeader, METRIC_LABELS, modelLine, rateText } from './evals-text.js';
import { visible } from './text.js';

type Colors = ReturnType<typeof pc.createColors>;

const MARK = { pass: '✔', fail: '✖', inconclusive: '?' } as const;

function caseLine(c: Colors, k: CaseReport, verbose: boolean): string[] {
  const paint = k.verdict === 'pass' ? c.green : k.verdict === 'fail' ? c.red : c.yellow;
  const head = `    ${paint(MARK[k.verdict])} ${c.bold(visible(k.id))}  ${k.passes}/${k.n}${k.errors ? c.yellow(` (${k.errors} errored)`) : ''} ${c.dim(`${k.gate} gate${k.flaky ? ' · flaky' : ''}`)}`;
  const out = [head];
  if (k.verdict !== 'pass' || verbose) out.push(`        ${c.dim(visible(caseWhy(k)))}`);
  if (verbose)
    for (const r of k.trace) {
      const calls = r.calls.map((x) => `${x.tool}${x.handling === 'executed' ? '' : `[${x.handling}]`}`).join(' → ') || 'no call';
      out.push(
        `        ${c.dim(`run ${r.run + 1}: ${r.status}${r.fromCache ? ' (cache)' : ''} · ${visible(calls)}${r.error ? ` · ${visible(r.error)}` : ''}`)}`,
      );
    }
  return out;
}

/** The behaviour part of the console report. */
export function evalsConsoleLines(c: Colors, e: EvalsReport, verbose: boolean): string[] {
  const out = [c.bold('▸ behaviour (layer 1)') + `  ${c.dim(visible(evalsHeader(e)))}`];
  for (const p of e.problems) out.push(c.yellow(`  ${visible(p)}`));
  for (const m of e.models) {
    out.push('', `  ${c.bold(visible(m.model))}${m.source === 'replay' ? c.cyan(' (replayed from a recording: no model was asked)') : ''}`);
    if (m.aborted) out.push(c.red(`  stopped: ${visible(m.aborted)}`));
    for (const [key, label] of METRIC_LABELS) {
      const r = m.metrics[key];
      if (r.n > 0) out.push(`    ${label.padEnd(44)} ${rateText(r)}`);
    }
    const ft = Object.entries(m.metrics.falseTriggers);
    if (ft.length) out.push(`    ${'false triggers'.padEnd(44)} ${ft.map(([t, r]) => `${visible(t)} ${r.c}/${r.n}`).join(', ')}`);
    out.push('');
    for (const k of m.cases) if (verbose || k.verdict !== 'pass') out.push(...caseLine(c, k, verbose));
    const passed = m.cases.filter((k) => k.verdict === 'pass');
    if (!verbose && passed.length)
      out.push(`    ${c.green(MARK.pass)} ${c.dim(`${passed.length} cases passed: ${passed.map((k) => visible(k.id)).join(', ')}`)}`);
    out.push('', `  ${c.dim(modelLine(m))}`);
  }
  return out;
}
