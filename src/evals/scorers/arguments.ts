import type { TraceCall } from '../../core/evals-report.js';
import type { ToolSpec } from '../../core/provider.js';
import type { ArgMatcher } from '../golden-types.js';
import type { SemanticScores } from '../semantic.js';
import { checkValue } from './match-value.js';
import { inClass, serverCalls, type Scorer } from './types.js';

export interface ArgAnalysis {
  hallucinated: string[];
  missingRequired: string[];
  missingExpected: string[];
  wrongValues: string[];
  /** ArgPartial: matched keys / keys(spec) ∪ keys(actual). */
  partial: number;
  exact: boolean;
}

/** Per-key analysis of one call against the tool's schema and the case's matchers (METRICS §2). */
export function analyseArgs(call: TraceCall, tool: ToolSpec | undefined, spec: Record<string, ArgMatcher> = {}, semantic?: SemanticScores): ArgAnalysis {
  const a = call.arguments;
  if (!a)
    return {
      hallucinated: [],
      missingRequired: [],
      missingExpected: Object.keys(spec),
      wrongValues: [`arguments unusable: ${call.argumentsError ?? 'none'}`],
      partial: 0,
      exact: false,
    };
  const props = tool?.inputSchema.properties;
  const declared = props && typeof props === 'object' ? Object.keys(props) : undefined;
  const req = tool?.inputSchema.required;
  const required = Array.isArray(req) ? req.filter((k): k is string => typeof k === 'string') : [];
  const hallucinated = declared ? Object.keys(a).filter((k) => !declared.includes(k)) : [];
  const missingRequired = required.filter((k) => !(k in a));
  const missingExpected: string[] = [];
  const wrongValues: string[] = [];
  let matched = 0;
  for (const [k, m] of Object.entries(spec)) {
    if (!(k in a)) {
      if (!m.optional) missingExpected.push(k);
      continue;
    }
    const v = checkValue(m, a[k], semantic);
    if (v.ok) matched++;
    else wrongValues.push(`${k}: ${v.reason}`);
  }
  const keys = new Set([...Object.keys(spec), ...Object.keys(a)]);
  // Keys the case does not mention count as matched when the schema knows them (they were not asserted).
  for (const k of Object.keys(a)) if (!(k in spec) && !hallucinated.includes(k)) matched++;
  const partial = keys.size ? matched / keys.size : 1;
  const exact = !hallucinated.length && !missingRequired.length && !missingExpected.length && !wrongValues.length;
  return { hallucinated, missingRequired, missingExpected, wrongValues, partial, exact };
}

/** The call paired with the expected slot: highest ArgPartial among calls of the class, ties to the earliest. */
export function pairCall(
  calls: readonly TraceCall[],
  cls: readonly string[],
  tools: readonly ToolSpec[],
  spec?: Record<string, ArgMatcher>,
  semantic?: SemanticScores,
) {
  let best: { call: TraceCall; a: ArgAnalysis } | undefined;
  for (const call of calls) {
    if (!inClass(call.tool, cls)) continue;
    const a = analyseArgs(
      call,
      tools.find((t) => t.name === call.tool),
      spec,
      semantic,
    );
    if (!best || a.partial > best.a.partial) best = { call, a };
  }
  return best;
}

/** ArgExact (METRICS §2) on the call paired with the expected tool. */
export const argumentsScorer: Scorer = {
  id: 'arguments',
  applies: (c) => Array.isArray(c.expectTool) && c.args !== undefined,
  score({ expect, transcript }) {
    const p = pairCall(serverCalls(transcript), expect.expectTool ?? [], transcript.tools, expect.args, transcript.semantic);
    if (!p) return { pass: false, value: 0, reason: 'the expected tool was not called' };
    const { a } = p;
    if (a.exact) return { pass: true, value: 1, reason: `arguments of ${p.call.tool} match` };
    const parts = [
      ...a.wrongValues,
      ...(a.missingExpected.length ? [`missing ${a.missingExpected.join(', ')}`] : []),
      ...(a.missingRequired.length ? [`missing required ${a.missingRequired.join(', ')}`] : []),
      ...(a.hallucinated.length ? [`not in the schema: ${a.hallucinated.join(', ')}`] : []),
    ];
    return { pass: false, value: a.partial, reason: parts.join('; ') };
  },
};
