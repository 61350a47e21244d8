import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';
import type { ModelProvider } from '../core/provider.js';
import { cohensKappa } from '../core/stats.js';
import { GoldenError } from './golden-load.js';
import { DEFAULT_JUDGE_THRESHOLD, judge, JUDGE_PROMPT_VERSION } from './judge.js';

/** A human-labelled example: what the user asked, what the assistant answered, and whether it did the task. */
const labelSchema = z.array(
  z.strictObject({
    id: z.string().min(1),
    task: z.string().min(1),
    rubric: z.string().min(1),
    answer: z.string(),
    label: z.enum(['pass', 'fail']),
  }),
);

/** METRICS §5: a judge may gate only with κ ≥ 0.6 on at least 30 labelled items. */
export const MIN_KAPPA = 0.6;
export const MIN_ITEMS = 30;

export interface Calibration {
  judge: string;
  promptVersion: string;
  n: number;
  accuracy: number | null;
  kappa: number | null;
  mayGate: boolean;
  why: string;
  items: { id: string; label: 'pass' | 'fail'; score?: number; judged?: 'pass' | 'fail'; error?: string }[];
}

export async function calibrate(file: string, p: ModelProvider): Promise<Calibration> {
  let data: unknown;
  try {
    data = parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new GoldenError({
      file,
      reason: `cannot read the labelled examples: ${(e as Error).message.split('\n')[0]}`,
      hint: 'a YAML list of {id, task, rubric, answer, label: pass|fail}',
    });
  }
  const parsed = labelSchema.safeParse(data);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new GoldenError({ file, key: i.path.map(String).join('.'), reason: i.message, hint: 'each item has id, task, rubric, answer and label: pass|fail' });
  }
  const items: Calibration['items'] = [];
  for (const x of parsed.data) {
    try {
      const v = await judge(p, { task: x.task, rubric: x.rubric, finalText: x.answer, calls: [] });
      items.push({ id: x.id, label: x.label, score: v.score, judged: v.score >= DEFAULT_JUDGE_THRESHOLD ? 'pass' : 'fail' });
    } catch (e) {
      items.push({ id: x.id, label: x.label, error: (e as Error).message });
    }
  }
  const judged = items.filter((x): x is typeof x & { judged: 'pass' | 'fail' } => x.judged !== undefined);
  const n = judged.length;
  const accuracy = n ? Math.round((judged.filter((x) => x.judged === x.label).length / n) * 1e4) / 1e4 : null;
  const kappa = cohensKappa(judged.map((x) => [x.label === 'pass', x.judged === 'pass']));
  const mayGate = n >= MIN_ITEMS && kappa !== null && kappa >= MIN_KAPPA;
  const why = mayGate
    ? `κ ${kappa} ≥ ${MIN_KAPPA} on ${n} items: the judge may gate (--judge-gates)`
    : n < MIN_ITEMS
      ? `only ${n} judged items (needs ${MIN_ITEMS}): keep the judge advisory`
      : `κ ${kappa} < ${MIN_KAPPA}: keep the judge advisory`;
  return { judge: p.id, promptVersion: JUDGE_PROMPT_VERSION, n, accuracy, kappa, mayGate, why, items };
}
