import type OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { parseToolArguments, type ChatMessage, type Completion, type CompletionRequest, type ModelProvider, type ToolCall } from '../../core/provider.js';
import { cacheParams, classify, connect, lazily, type LiveProviderOptions } from '../shared.js';

/** OpenAI chat completions with tools; any OpenAI-compatible endpoint (Ollama, vLLM, llama.cpp, LM Studio) by base URL. */
export function createOpenAIProvider(o: LiveProviderOptions): ModelProvider {
  const { baseURL, key, sdkOptions } = connect(o, 'OPENAI');
  // The SDK loads at the first request, so making (or never using) a provider costs nothing.
  const client = lazily(async () => new (await import('openai')).default(sdkOptions));
  const params = { temperature: 0, ...o.params };
  return {
    id: `openai:${o.model}`,
    params: cacheParams(baseURL, params),
    async complete(req: CompletionRequest): Promise<Completion> {
      const t0 = performance.now();
      try {
        const res = await (
          await client()
        ).chat.completions.create(
          {
            ...params,
            model: o.model,
            messages: toMessages(req),
            ...(req.tools.length ? { tools: req.tools.map(toTool) } : {}),
          } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
          req.signal ? { signal: req.signal } : undefined,
        );
        const msg = res.choices[0]?.message;
        const toolCalls: ToolCall[] = [];
        for (const c of msg?.tool_calls ?? []) {
          if (c.type !== 'function') continue;
          toolCalls.push({ id: c.id, name: c.function.name, rawArguments: c.function.arguments, ...parseToolArguments(c.function.arguments) });
        }
        const u = res.usage;
        const cached = u?.prompt_tokens_details?.cached_tokens;
        return {
          toolCalls,
          text: msg?.content ?? '',
          usage: { inputTokens: u?.prompt_tokens ?? 0, outputTokens: u?.completion_tokens ?? 0, ...(cached ? { cachedInputTokens: cached } : {}) },
          latencyMs: Math.round(performance.now() - t0),
        };
      } catch (e) {
        throw classify(e, key, 'openai');
      }
    },
  };
}

function toTool(t: CompletionRequest['tools'][number]): ChatCompletionTool {
  return { type: 'function', function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.inputSchema } };
}

function toMessages(req: CompletionRequest): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = req.system ? [{ role: 'system', content: req.system }] : [];
  for (const m of req.messages) out.push(toMessage(m));
  return out;
}

function toMessage(m: ChatMessage): ChatCompletionMessageParam {
  if (m.role === 'user') return { role: 'user', content: m.content };
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
  const calls = m.toolCalls ?? [];
  return {
    role: 'assistant',
    content: m.content || null,
    ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.rawArguments } })) } : {}),
  };
}
