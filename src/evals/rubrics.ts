import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GoldenError } from './golden-load.js';
import type { GoldenSet } from './golden-types.js';

export interface Rubric {
  file: string;
  text: string;
  hash: string;
}

/** Reads every case's rubric file (relative to the golden set), before any model call; a missing one names the case. */
export async function loadRubrics(g: GoldenSet): Promise<Map<string, Rubric>> {
  const out = new Map<string, Rubric>();
  for (const [i, c] of g.cases.entries()) {
    if (!c.judge) continue;
    const file = path.resolve(path.dirname(g.file), c.judge.rubric);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new GoldenError({
        file: g.file,
        ...g.locate(i, ['judge', 'rubric']),
        key: 'judge.rubric',
        reason: `case ${JSON.stringify(c.id)}: cannot read the rubric ${file}`,
        hint: 'a rubric is a text file next to the golden set, e.g. rubrics/refund.md',
      });
    }
    out.set(c.id, { file: c.judge.rubric, text, hash: `sha256:${createHash('sha256').update(text).digest('hex')}` });
  }
  return out;
}
