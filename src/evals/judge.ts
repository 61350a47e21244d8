import type { TraceCall } from '../core/evals-report.js';
import { ProviderError, type ModelProvider } from '../core/provider.js';

/** Bumped whenever the judge's instructions change: verdicts of different versions are not comparable. */
export const JUDGE_PROMPT_VERSION = 'judge-v1';

/** Pass threshold on the {0, 0.5, 1} anchors: the task must be fully done unless the case lowers it. */
export const DEFAULT_JUDGE_THRESHOLD = 1;

const SYSTEM = [
  'You grade whether an AI assistant completed a user task, using the rubric given. You see the task, the rubric,',
  'a digest of the tool calls the assistant made (tool, arguments, whether it failed, the start of the result) and',
  'its final answer. Score 1 when the rubric is fully met, 0.5 when partly, 0 when not. A final answer that claims',
  'success although a needed step failed scores 0. Answer with JSON only, no prose around it:',
  '{"score": 0 | 0.5 | 1, "reason": "<one sentence>", "rubric_hits": ["<rubric points met>"]}',
].join(' ');

export interface JudgeInput {
  task: string;
  rubric: string;
  finalText: string;
  calls: readonly TraceCall[];
}

export interface JudgeVerdict {
  score: number;
  reason: string;
  rubricHits: string[];
}

/** The trace as the judge reads it (METRICS §5 trace digest): tool, args, isError, truncated result. */
export function traceDigest(calls: readonly TraceCall[]): string {
  if (!calls.length) return '(no tool calls)';
  return calls
    .map(
      (c, i) =>
        `${i + 1}. ${c.tool}(${c.arguments ? JSON.stringify(c.arguments) : (c.rawArguments ?? '')})${c.isError ? ' FAILED' : ''}${c.handling === 'simulated' ? ' [simulated]' : ''} -> ${c.resultPreview.slice(0, 160)}`,
    )
    .join('\n');
}

export function judgeMessages(i: JudgeInput): { system: string; user: string } {
  return {
    system: SYSTEM,
    user: `Task:\n${i.task}\n\nRubric:\n${i.rubric}\n\nTool calls:\n${traceDigest(i.calls)}\n\nFinal answer:\n${i.finalText || '(empty)'}`,
  };
}

/** Asks the judge (temperature 0 is the provider's default); an answer that is not the JSON asked for is an error. */
export async function judge(p: ModelProvider, i: JudgeInput, signal?: AbortSignal): Promise<JudgeVerdict> {
  const m = judgeMessages(i);
  const res = await p.complete({ system: m.system, messages: [{ role: 'user', content: m.user }], tools: [], ...(signal ? { signal } : {}) });
  return parseVerdict(res.text);
}

export function parseVerdict(text: string): JudgeVerdict {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  let v: { score?: unknown; reason?: unknown; rubric_hits?: unknown };
  try {
    v = JSON.parse(start >= 0 && end > start ? text.slice(start, end + 1) : text) as typeof v;
  } catch {
    throw new ProviderError('bad-request', `the judge did not answer with JSON: ${text.slice(0, 120)}`);
  }
  if (typeof v.score !== 'number' || v.score < 0 || v.score > 1)
    throw new ProviderError('bad-request', `the judge's score is not a number from 0 to 1: ${JSON.stringify(v.score)}`);
  return { score: v.score, reason: typeof v.reason === 'string' ? v.reason : '', rubricHits: Array.isArray(v.rubric_hits) ? v.rubric_hits.map(String) : [] };
}
