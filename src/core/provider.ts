/**
 * The one interface every model provider implements (ARCHITECTURE "A model provider"). Vendor wire formats stay
 * inside src/providers/<vendor>; everything above sees only these shapes.
 */

/** A tool as the model is shown it: the server's name, description and input schema. */
export interface ToolSpec {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** A tool call the model emitted. `arguments` is undefined when the model's text was not a JSON object. */
export interface ToolCall {
  id: string;
  name: string;
  arguments?: Record<string, unknown>;
  /** The arguments exactly as the model wrote them. */
  rawArguments: string;
  /** Why `rawArguments` could not be used (not JSON, not an object). */
  argumentsError?: string;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string; isError?: boolean };

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
}

export interface CompletionRequest {
  system?: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  signal?: AbortSignal;
  /** Where this request sits in an eval, so a replay can answer it (case id, run index, turn). */
  context?: { caseId: string; run: number; turn: number };
}

export interface Completion {
  toolCalls: ToolCall[];
  text: string;
  usage: Usage;
  latencyMs: number;
}

export interface ModelProvider {
  /** `vendor:model`, e.g. `openai:gpt-4.1-mini`. */
  readonly id: string;
  /** Parameters that change answers (temperature, base URL host, …): part of the cache key. */
  readonly params: Record<string, unknown>;
  complete(req: CompletionRequest): Promise<Completion>;
}

/**
 * Why a provider call failed after its retries. `auth` and `missing-key` stop the eval (exit 2/3 at the CLI);
 * the others make the run `error` (METRICS §6).
 */
export type ProviderFailure = 'missing-key' | 'auth' | 'rate-limit' | 'server' | 'timeout' | 'network' | 'bad-request' | 'not-found' | 'replay-miss';

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  /** The whole eval should stop: nothing another run does can succeed. */
  get fatal(): boolean {
    return this.failure === 'auth' || this.failure === 'missing-key' || this.failure === 'not-found';
  }
}

/** Parses a model's argument text; a broken one is recorded as what it is, never thrown. */
export function parseToolArguments(raw: string): Pick<ToolCall, 'arguments' | 'argumentsError'> {
  const text = raw.trim() === '' ? '{}' : raw;
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return { arguments: v as Record<string, unknown> };
    return { argumentsError: `arguments are JSON but not an object: ${text.slice(0, 80)}` };
  } catch (e) {
    return { argumentsError: `arguments are not JSON (${(e as Error).message}): ${text.slice(0, 80)}` };
  }
}

/** An embeddings endpoint: one vector per input text, in order (semantic argument matching, METRICS §2). */
export interface Embedder {
  /** `vendor:model`, e.g. `openai:text-embedding-3-small`. */
  readonly id: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}
