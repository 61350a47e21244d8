import type { EvalModelConfig } from '../config/index.js';
import { embeddingsMatcher, judgeMatcher, parseSemanticSpec, type SemanticMatcher } from '../evals/semantic.js';
import { createOpenAIEmbedder, parseModelId } from '../providers/index.js';
import { resolveModels } from './eval-models.js';

/**
 * `--semantic` / `eval.semantic` -> the matcher for `semantic` arguments. Base URL and key variable come from an
 * `eval.models` entry with the same `provider:model` id when there is one, else from the SDK's environment.
 */
export async function createSemanticMatcher(spec: string, configured: EvalModelConfig[], timeoutMs?: number): Promise<SemanticMatcher> {
  const { via, model } = parseSemanticSpec(spec);
  if (via === 'judge') {
    const { models } = await resolveModels({ ids: [model], configured, ...(timeoutMs ? { timeoutMs } : {}) });
    return judgeMatcher(models[0]!.provider);
  }
  const { vendor, model: name } = parseModelId(model);
  if (vendor !== 'openai') throw new Error(`semantic matcher ${JSON.stringify(spec)}: embeddings come from an OpenAI-compatible endpoint; write embeddings:openai:MODEL (set the base URL for Ollama, vLLM, LM Studio)`);
  const cfg = configured.find((m) => m.id === model);
  return embeddingsMatcher(
    createOpenAIEmbedder({ model: name, ...(cfg?.baseURL ? { baseURL: cfg.baseURL } : {}), ...(cfg?.keyEnv ? { keyEnv: cfg.keyEnv } : {}), ...(timeoutMs ? { timeoutMs } : {}) }),
  );
}
