import type { Embedder } from '../../core/provider.js';
import { classify, connect, lazily, type LiveProviderOptions } from '../shared.js';

/** `POST /v1/embeddings` through the official SDK; any OpenAI-compatible base URL (Ollama, vLLM, LM Studio). */
export function createOpenAIEmbedder(o: LiveProviderOptions): Embedder {
  const { key, sdkOptions } = connect(o, 'OPENAI');
  // The SDK loads at the first request.
  const client = lazily(async () => new (await import('openai')).default(sdkOptions));
  return {
    id: `openai:${o.model}`,
    async embed(texts, signal) {
      try {
        // Floats, not the SDK's default base64, so any compatible server answers in the format it knows.
        const res = await (await client()).embeddings.create({ model: o.model, input: texts, encoding_format: 'float' }, signal ? { signal } : undefined);
        const out = new Array<number[]>(texts.length);
        for (const d of res.data) out[d.index] = d.embedding;
        if (out.some((v) => !Array.isArray(v))) throw new Error(`the embeddings endpoint returned ${res.data.length} vectors for ${texts.length} inputs`);
        return out;
      } catch (e) {
        throw classify(e, key, 'openai');
      }
    },
  };
}
