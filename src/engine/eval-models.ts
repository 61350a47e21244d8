import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EvalModelConfig } from '../config/index.js';
import { createProvider, createReplayProvider, parseModelId, recording, type RecordingProvider } from '../providers/index.js';
import type { EvalModel } from './run-eval.js';

export interface ModelChoice {
  /** `--model` ids (win over the config's list). */
  ids: string[];
  configured: EvalModelConfig[];
  replayDir?: string;
  recordDir?: string;
  timeoutMs?: number;
}

/** The models to evaluate: live providers, recorders around them, or replays of cassettes. Throws on a bad id or missing key. */
export async function resolveModels(c: ModelChoice): Promise<{ models: EvalModel[]; recorders: RecordingProvider[] }> {
  const fromConfig = new Map(c.configured.map((m) => [m.id, m]));
  let ids = c.ids.length ? c.ids : c.configured.map((m) => m.id);
  if (c.replayDir) {
    if (!ids.length) ids = await cassetteModels(c.replayDir);
    const models = await Promise.all(ids.map(async (id) => ({ provider: await createReplayProvider(c.replayDir!, id), source: 'replay' as const })));
    return { models, recorders: [] };
  }
  if (!ids.length) throw new Error('no model: pass --model provider:model (e.g. openai:gpt-4.1-mini), list eval.models in the config, or --replay DIR');
  for (const id of ids) parseModelId(id);
  const recorders: RecordingProvider[] = [];
  const models = ids.map((id): EvalModel => {
    const cfg = fromConfig.get(id);
    const live = createProvider(id, {
      ...(cfg?.baseURL ? { baseURL: cfg.baseURL } : {}),
      ...(cfg?.keyEnv ? { keyEnv: cfg.keyEnv } : {}),
      ...(cfg?.params ? { params: cfg.params } : {}),
      ...(c.timeoutMs ? { timeoutMs: c.timeoutMs } : {}),
    });
    if (!c.recordDir) return { provider: live, source: 'live' };
    const rec = recording(live);
    recorders.push(rec);
    return { provider: rec, source: 'live' };
  });
  return { models, recorders };
}

async function cassetteModels(dir: string): Promise<string[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    throw new Error(`--replay ${dir}: no such folder`);
  }
  const ids: string[] = [];
  for (const f of files) {
    const c = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { model?: unknown };
    if (typeof c.model === 'string') ids.push(c.model);
  }
  if (!ids.length) throw new Error(`--replay ${dir}: no cassette in the folder`);
  return ids;
}
