import type { ModelProvider } from '../core/provider.js';
import { createAnthropicProvider } from './anthropic/index.js';
import { createOpenAIProvider } from './openai/index.js';
import type { LiveProviderOptions } from './shared.js';

/** Vendor name -> factory. Adding a provider is adding a folder and a line here. */
export const PROVIDERS: Record<string, (o: LiveProviderOptions) => ModelProvider> = {
  openai: createOpenAIProvider,
  anthropic: createAnthropicProvider,
};

export class ModelIdError extends Error {
  override name = 'ModelIdError';
}

/** `vendor:model` -> its parts; anything else is a clear error listing the vendors. */
export function parseModelId(id: string): { vendor: string; model: string } {
  const i = id.indexOf(':');
  const vendor = i > 0 ? id.slice(0, i) : '';
  const model = i > 0 ? id.slice(i + 1) : '';
  if (!vendor || !model)
    throw new ModelIdError(
      `model ${JSON.stringify(id)}: write provider:model, e.g. openai:gpt-4.1-mini or anthropic:claude-sonnet-4-5 (providers: ${Object.keys(PROVIDERS).join(', ')})`,
    );
  if (!(vendor in PROVIDERS))
    throw new ModelIdError(
      `model ${JSON.stringify(id)}: unknown provider ${JSON.stringify(vendor)} (providers: ${Object.keys(PROVIDERS).join(', ')}; an OpenAI-compatible server is openai: with a base URL)`,
    );
  return { vendor, model };
}

export function createProvider(id: string, o: Omit<LiveProviderOptions, 'model'> = {}): ModelProvider {
  const { vendor, model } = parseModelId(id);
  return PROVIDERS[vendor]!({ ...o, model });
}

export { createAnthropicProvider, createOpenAIProvider };
export { createOpenAIEmbedder } from './openai/embeddings.js';
export { createReplayProvider, recording, type RecordingProvider } from './replay/index.js';
export type { LiveProviderOptions } from './shared.js';
