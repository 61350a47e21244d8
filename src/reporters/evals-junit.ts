import type { EvalsReport } from '../core/evals-report.js';
import { rateText } from './evals-text.js';
import { seconds, visible } from './text.js';
import { xmlAttr, xmlText } from './xml.js';

const a = (s: string) => xmlAttr(visible(s));
const t = (s: string) => xmlText(visible(s));

/** One testsuite per model, one testcase per golden case: fail is a failure, inconclusive an error. */
export function evalsJunitSuites(e: EvalsReport, startedAt: string): { xml: string; tests: number; failures: number; errors: number }[] {
  return e.models.map((m) => {
    const cases = m.cases.map((c) => {
      const ms = c.trace.reduce((s, r) => s + r.latencyMs, 0);
      const open = `    <testcase classname="${a(`eval.${m.model}`)}" name="${a(c.id)}" time="${seconds(ms)}"`;
      const detail = `${c.reason}\npass rate ${rateText(c.passRate)}`;
      if (c.verdict === 'fail') return `${open}>\n      <failure message="${a(c.reason)}" type="${c.gate}-gate">${t(detail)}</failure>\n    </testcase>`;
      if (c.verdict === 'inconclusive') return `${open}>\n      <error message="${a(c.reason)}" type="inconclusive">${t(detail)}</error>\n    </testcase>`;
      return `${open}/>`;
    });
    const failures = m.cases.filter((c) => c.verdict === 'fail').length;
    const errors = m.cases.filter((c) => c.verdict === 'inconclusive').length;
    const head = `  <testsuite name="${a(`eval ${m.model}`)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="0" time="${seconds(e.durationMs)}" timestamp="${a(startedAt)}">`;
    return { xml: [head, ...cases, '  </testsuite>'].join('\n'), tests: cases.length, failures, errors };
  });
}
