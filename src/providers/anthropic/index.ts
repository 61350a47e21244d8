import type Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, MessageParam, Tool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage, Completion, CompletionRequest, ModelProvider, ToolCall } from '../../core/provider.js';
import { cacheParams, classify, connect, lazily, type LiveProviderOptions } from '../shared.js';

/** Anthropic Messages with tool_use. `max_tokens` is required by the API; 1024 unless given. */
export function createAnthropicProvider(o: LiveProviderOptions): ModelProvider {
  const { baseURL, key, sdkOptions } = connect(o, 'ANTHROPIC');
  // The SDK loads at the first request, so making (or never using) a provider costs nothing.
  const client = lazily(async () => new (await import('@anthropic-ai/sdk')).default(sdkOptions));
  const params = { temperature: 0, max_tokens: 1024, ...o.params };
  return {
    id: `anthropic:${o.model}`,
    params: cacheParams(baseURL, params),
    async complete(req: CompletionRequest): Promise<Completion> {
      const t0 = performance.now();
      try {
        const res = await (
          await client()
        ).messages.create(
          {
            ...params,
            model: o.model,
            ...(req.system ? { system: req.system } : {}),
            messages: toMessages(req.messages),
            ...(req.tools.length ? { tools: req.tools.map(toTool) } : {}),
          } as Anthropic.MessageCreateParamsNonStreaming,
          req.signal ? { signal: req.signal } : undefined,
        );
        const toolCalls: ToolCall[] = [];
        let text = '';
        for (const b of res.content) {
          if (b.type === 'text') text += b.text;
          else if (b.type === 'tool_use') toolCalls.push(toCall(b.id, b.name, b.input));
        }
        const u = res.usage;
        return {
          toolCalls,
          text,
          usage: {
            inputTokens: u.input_tokens ?? 0,
            outputTokens: u.output_tokens ?? 0,
            ...(u.cache_read_input_tokens ? { cachedInputTokens: u.cache_read_input_tokens } : {}),
          },
          latencyMs: Math.round(performance.now() - t0),
        };
      } catch (e) {
        throw classify(e, key, 'anthropic');
      }
    },
  };
}

/** `input` arrives parsed; anything but an object is recorded as unusable arguments. */
function toCall(id: string, name: string, input: unknown): ToolCall {
  const raw = typeof input === 'string' ? input : JSON.stringify(input ?? null);
  if (input && typeof input === 'object' && !Array.isArray(input)) return { id, name, arguments: input as Record<string, unknown>, rawArguments: raw };
  return { id, name, rawArguments: raw, argumentsError: `tool_use input is not an object: ${raw.slice(0, 80)}` };
}

function toTool(t: CompletionRequest['tools'][number]): Tool {
  return { name: t.name, ...(t.description ? { description: t.description } : {}), input_schema: t.inputSchema as Tool['input_schema'] };
}

/** Tool results go back as tool_result blocks in one user turn (consecutive results are merged, as the API requires). */
function toMessages(messages: readonly ChatMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.content });
    else if (m.role === 'assistant') {
      const blocks: ContentBlockParam[] = m.content ? [{ type: 'text', text: m.content }] : [];
      for (const c of m.toolCalls ?? []) blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments ?? {} });
      out.push({ role: 'assistant', content: blocks.length ? blocks : [{ type: 'text', text: '(no text)' }] });
    } else {
      const block: ToolResultBlockParam = { type: 'tool_result', tool_use_id: m.toolCallId, content: m.content, ...(m.isError ? { is_error: true } : {}) };
      const last = out[out.length - 1];
      if (last?.role === 'user' && Array.isArray(last.content) && last.content.every((b) => b.type === 'tool_result')) last.content.push(block);
      else out.push({ role: 'user', content: [block] });
    }
  }
  return out;
}
