import { createHash } from 'node:crypto';
import type { TraceCall, TraceTurn } from '../core/evals-report.js';
import type { ChatMessage, ModelProvider, ToolCall, ToolSpec, Usage } from '../core/provider.js';
import type { GoldenCase } from './golden-types.js';

/** Runs a tool on the real server. `failure` is set when the server could not answer at all (dead, timed out). */
export interface ToolExecutor {
  call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<{ text: string; isError: boolean; latencyMs: number; failure?: string }>;
}

export interface LoopOptions {
  provider: ModelProvider;
  system?: string;
  tools: readonly ToolSpec[];
  /** Tools that may write and were not allowed: answered from mocks or the dry-run result, never executed. */
  simulate: ReadonlySet<string>;
  executor: ToolExecutor;
  maxTurns: number;
  signal?: AbortSignal;
}

export interface LoopResult {
  calls: TraceCall[];
  turns: TraceTurn[];
  finalText: string;
  truncated: boolean;
  usage: Usage;
  /** The server could not answer a call (infrastructure, not the model): the run is `error`. */
  serverFailure?: string;
}

/** What a simulated write returns when the case gives no mock: honest about not having run. */
export const DRY_RUN_RESULT = { simulated: true, note: 'mcp-assay did not run this tool because it may write; the call was recorded as if it succeeded.' };

export const DEFAULT_SYSTEM_PROMPT =
  'You are an assistant with access to tools from one server. Use a tool when the request needs it, with arguments taken from the request; answer directly when no tool is needed. Do not invent tools or arguments.';

export const DEFAULT_MAX_TURNS = 8;
const RESULT_CAP = 8000;

const digest = (s: string) => `sha256:${createHash('sha256').update(s).digest('hex').slice(0, 16)}`;

/** One run of a case: the model and the server take turns until the model answers without a call, or max_turns. */
export async function runLoop(c: GoldenCase, run: number, o: LoopOptions): Promise<LoopResult> {
  const messages: ChatMessage[] = c.messages.map((m) => (m.role === 'user' ? { role: 'user', content: m.content } : { role: 'assistant', content: m.content }));
  const known = new Set(o.tools.map((t) => t.name));
  const out: LoopResult = { calls: [], turns: [], finalText: '', truncated: false, usage: { inputTokens: 0, outputTokens: 0 } };
  for (let turn = 0; turn < o.maxTurns; turn++) {
    const res = await o.provider.complete({
      ...(o.system ? { system: o.system } : {}),
      messages,
      tools: [...o.tools],
      ...(o.signal ? { signal: o.signal } : {}),
      context: { caseId: c.id, run, turn },
    });
    out.turns.push({ turn, text: res.text, toolCalls: res.toolCalls.length, usage: res.usage, latencyMs: res.latencyMs });
    out.usage.inputTokens += res.usage.inputTokens;
    out.usage.outputTokens += res.usage.outputTokens;
    if (res.usage.cachedInputTokens) out.usage.cachedInputTokens = (out.usage.cachedInputTokens ?? 0) + res.usage.cachedInputTokens;
    out.finalText = res.text;
    if (!res.toolCalls.length) return out;
    messages.push({ role: 'assistant', content: res.text, toolCalls: res.toolCalls });
    for (const call of res.toolCalls) {
      const { record, text } = await handle(call, turn, c, known, o);
      out.calls.push(record);
      if (record.handling === 'server-error' && !out.serverFailure) out.serverFailure = `${call.name}: ${text}`;
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: text, ...(record.isError ? { isError: true } : {}) });
    }
  }
  out.truncated = true;
  return out;
}

async function handle(call: ToolCall, turn: number, c: GoldenCase, known: ReadonlySet<string>, o: LoopOptions): Promise<{ record: TraceCall; text: string }> {
  const base = { turn, tool: call.name, ...(call.arguments ? { arguments: call.arguments } : {}) };
  const done = (handling: TraceCall['handling'], text: string, isError: boolean, latencyMs = 0) => {
    const capped = text.length > RESULT_CAP ? `${text.slice(0, RESULT_CAP)}…` : text;
    const record: TraceCall = {
      ...base,
      ...(call.argumentsError ? { argumentsError: call.argumentsError, rawArguments: call.rawArguments } : {}),
      handling,
      isError,
      resultDigest: digest(text),
      resultPreview: text.slice(0, 200),
      latencyMs,
    };
    return { record, text: capped };
  };
  if (!known.has(call.name)) return done('unknown-tool', `Error: the server has no tool named ${JSON.stringify(call.name)}.`, true);
  if (!call.arguments) return done('bad-arguments', `Error: the arguments were not a JSON object (${call.argumentsError ?? 'unparseable'}).`, true);
  if (o.simulate.has(call.name)) {
    const mock = call.name in c.mocks ? c.mocks[call.name] : DRY_RUN_RESULT;
    return done('simulated', typeof mock === 'string' ? mock : JSON.stringify(mock), false);
  }
  const r = await o.executor.call(call.name, call.arguments, o.signal);
  if (r.failure) return done('server-error', r.failure, true, r.latencyMs);
  return done('executed', r.text, r.isError, r.latencyMs);
}
