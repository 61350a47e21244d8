import type { EvalModelConfig } from '../config/index.js';
import { embeddingsMatcher, judgeMatcher, parseSemanticSpec, type SemanticMatcher } from '../evals/semantic.js';
import { createOpenAIEmbedder, parseModelId } from '../providers/index.js';
import { resolveModels } from './eval-models.js';
import { recordingSemantic, replaySemantic, SEMANTIC_CASSETTE, type RecordingSemantic } from './semantic-cassette.js';

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
  if (vendor !== 'openai')
    throw new Error(
      `semantic matcher ${JSON.stringify(spec)}: embeddings come from an OpenAI-compatible endpoint; write embeddings:openai:MODEL (set the base URL for Ollama, vLLM, LM Studio)`,
    );
  const cfg = configured.find((m) => m.id === model);
  return embeddingsMatcher(
    createOpenAIEmbedder({
      model: name,
      ...(cfg?.baseURL ? { baseURL: cfg.baseURL } : {}),
      ...(cfg?.keyEnv ? { keyEnv: cfg.keyEnv } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    }),
  );
}

export interface SemanticChoice {
  /** `--semantic`, else `eval.semantic`. */
  spec?: string;
  configured: EvalModelConfig[];
  timeoutMs?: number;
  replayDir?: string;
  recordDir?: string;
}

/**
 * The matcher an eval uses: live, live and recorded (`--record`), or the recorded similarities (`--replay`, which
 * asks no endpoint and reproduces the recorded verdicts). Throws a plain Error on a bad spec or a missing recording.
 */
export async function resolveSemantic(c: SemanticChoice): Promise<{ matcher?: SemanticMatcher; recorder?: RecordingSemantic }> {
  if (c.replayDir) {
    const matcher = await replaySemantic(c.replayDir);
    if (!matcher && c.spec)
      throw new Error(
        `${c.replayDir} holds no ${SEMANTIC_CASSETTE}: the recording compared semantic arguments lexically; replay without --semantic / eval.semantic`,
      );
    return matcher ? { matcher } : {};
  }
  if (!c.spec) return {};
  const live = await createSemanticMatcher(c.spec, c.configured, c.timeoutMs);
  if (!c.recordDir) return { matcher: live };
  const recorder = recordingSemantic(live);
  return { matcher: recorder, recorder };
}
