import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Completion, CompletionRequest } from '../../core/provider.js';

/**
 * A cassette holds one model's answers for an eval, keyed by case, run and turn. The request's hash is kept so a
 * replay can say when the conversation drifted from the recording (a changed tool description, a changed result).
 */
export interface Cassette {
  version: 1;
  model: string;
  params: Record<string, unknown>;
  recordedAt: string;
  entries: Record<string, { requestHash: string; completion: Completion }>;
}

export const CASSETTE_VERSION = 1;

export function entryKey(ctx: NonNullable<CompletionRequest['context']>): string {
  return `${ctx.caseId}#${ctx.run}#${ctx.turn}`;
}

/** sha256 of what the model was shown (system, messages, tools); no key, no endpoint. */
export function requestHash(req: CompletionRequest): string {
  const shown = { system: req.system ?? null, messages: req.messages, tools: req.tools };
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 16);
}

export function cassetteFile(dir: string, model: string): string {
  return path.join(dir, `${model.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
}

export async function readCassette(dir: string, model: string): Promise<Cassette> {
  const file = cassetteFile(dir, model);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`no cassette for ${model}: ${file} does not exist (record one with --record ${dir})`);
  }
  const c = JSON.parse(text) as Cassette;
  if (c.version !== CASSETTE_VERSION || typeof c.entries !== 'object') throw new Error(`${file}: not a version ${CASSETTE_VERSION} cassette`);
  return c;
}

export async function writeCassette(dir: string, c: Cassette): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = cassetteFile(dir, c.model);
  const entries = Object.fromEntries(Object.entries(c.entries).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
  await writeFile(file, `${JSON.stringify({ ...c, entries }, null, 2)}\n`);
  return file;
}
