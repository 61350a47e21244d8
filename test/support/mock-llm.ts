/**
 * A model API on 127.0.0.1 that speaks the real wire formats of OpenAI chat completions (`POST /v1/chat/completions`)
 * and Anthropic Messages (`POST /v1/messages`), answering from a scripted policy. The official SDKs talk to it
 * unmodified; tests compute the expected metrics by hand from the policy.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply =
  | { text: string }
  | { calls: { name: string; args?: Record<string, unknown>; raw?: string }[]; text?: string }
  | { status: number; error: string; headers?: Record<string, string> }
  | { hang: true };

export interface PolicyRequest {
  vendor: 'openai' | 'anthropic';
  model: string;
  /** The first user message of the conversation (the task). */
  task: string;
  /** Assistant turns so far. */
  turn: number;
  /** Tool results so far, as text. */
  results: string[];
  /** How many times this task has started (1-based), counted on turn 0. */
  occurrence: number;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

export interface MockLlm {
  url: string;
  requests: PolicyRequest[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** `POST /v1/embeddings`: a vector per input text (tests choose them so cosines are computable by hand). */
export interface EmbeddingOptions {
  embed: (text: string, model: string) => number[];
  /** Every embeddings request's inputs, in order. */
  inputs?: string[][];
}

export async function startMockLlm(policy: (r: PolicyRequest) => Reply, embeddings?: EmbeddingOptions): Promise<MockLlm> {
  const requests: PolicyRequest[] = [];
  const seen = new Map<string, number>();
  let ids = 0;
  const byResponse = new Map<number, number>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString('utf8')));
    req.on('end', () => {
      if (req.url?.endsWith('/embeddings') && req.method === 'POST' && embeddings) {
        answerEmbeddings(res, JSON.parse(data) as Json, embeddings);
        return;
      }
      const vendor = req.url?.endsWith('/chat/completions') ? 'openai' : req.url?.endsWith('/messages') ? 'anthropic' : undefined;
      if (!vendor || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(data) as Json;
      const msgs = (body.messages as Json[]) ?? [];
      const { task, turn, results, after } = vendor === 'openai' ? readOpenAI(msgs) : readAnthropic(msgs);
      let occurrence: number;
      if (turn === 0) seen.set(task, (occurrence = (seen.get(task) ?? 0) + 1));
      else occurrence = byResponse.get(firstResponseId(after) ?? -1) ?? 0;
      const r: PolicyRequest = { vendor, model: String(body.model), task, turn, results, occurrence, body, headers: req.headers };
      requests.push(r);
      const reply = policy(r);
      if ('hang' in reply) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if ('status' in reply) {
        const err =
          vendor === 'openai'
            ? { error: { message: reply.error, type: 'api_error', code: null } }
            : { type: 'error', error: { type: reply.status === 401 ? 'authentication_error' : 'api_error', message: reply.error } };
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(err));
        return;
      }
      const id = ++ids;
      byResponse.set(id, occurrence);
      const out = vendor === 'openai' ? openAIResponse(id, String(body.model), reply) : anthropicResponse(id, String(body.model), reply);
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req_${id}` }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of hanging) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function usageFor(reply: Exclude<Reply, { hang: true } | { status: number }>) {
  const out = 'calls' in reply ? 20 * reply.calls.length + 5 : 12;
  return { input: 100, output: out };
}

function openAIResponse(id: number, model: string, reply: Exclude<Reply, { hang: true } | { status: number }>): Json {
  const u = usageFor(reply);
  const calls = 'calls' in reply ? reply.calls : [];
  const message: Json = { role: 'assistant', content: 'calls' in reply ? (reply.text ?? null) : reply.text, refusal: null };
  if (calls.length)
    message.tool_calls = calls.map((c, i) => ({
      id: `call_${id}_${i}`,
      type: 'function',
      function: { name: c.name, arguments: c.raw ?? JSON.stringify(c.args ?? {}) },
    }));
  return {
    id: `chatcmpl-${id}`,
    object: 'chat.completion',
    created: 1_764_547_200,
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: calls.length ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output, prompt_tokens_details: { cached_tokens: 0 } },
  };
}

function anthropicResponse(id: number, model: string, reply: Exclude<Reply, { hang: true } | { status: number }>): Json {
  const u = usageFor(reply);
  const content: Json[] = [];
  const text = 'calls' in reply ? reply.text : reply.text;
  if (text) content.push({ type: 'text', text });
  for (const [i, c] of ('calls' in reply ? reply.calls : []).entries())
    content.push({ type: 'tool_use', id: `toolu_${id}_${i}`, name: c.name, input: c.raw !== undefined ? c.raw : (c.args ?? {}) });
  return {
    id: `msg_${id}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: 'calls' in reply ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: u.input, output_tokens: u.output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

/** A plain user message (not a tool result): the task is the last one; every assistant message after it is a turn. */
const plainUser = (m: Json) => m.role === 'user' && typeof m.content === 'string';

function conversation(msgs: Json[]) {
  const i = msgs.map(plainUser).lastIndexOf(true);
  const after = msgs.slice(i + 1);
  return { task: typeof msgs[i]?.content === 'string' ? msgs[i].content : '', turn: after.filter((m) => m.role === 'assistant').length, after };
}

/** The id of the response that opened this run (its first tool call id carries it), to find the run's occurrence. */
function firstResponseId(after: Json[]): number | undefined {
  for (const m of after) {
    if (m.role !== 'assistant') continue;
    const id = Array.isArray(m.tool_calls)
      ? (m.tool_calls as Json[])[0]?.id
      : Array.isArray(m.content)
        ? (m.content as Json[]).find((b) => b.type === 'tool_use')?.id
        : undefined;
    const n = typeof id === 'string' ? /_(\d+)_\d+$/.exec(id)?.[1] : undefined;
    return n ? Number(n) : undefined;
  }
  return undefined;
}

function readOpenAI(msgs: Json[]) {
  const c = conversation(msgs);
  return { ...c, results: c.after.filter((m) => m.role === 'tool').map((m) => String(m.content)) };
}

function readAnthropic(msgs: Json[]) {
  const c = conversation(msgs);
  const results: string[] = [];
  for (const m of c.after) if (Array.isArray(m.content)) for (const b of m.content as Json[]) if (b.type === 'tool_result') results.push(String(b.content));
  return { ...c, results };
}

/** The OpenAI embeddings wire format: float arrays, or base64 little-endian float32 when asked (the SDK's default). */
function answerEmbeddings(res: ServerResponse, body: Json, o: EmbeddingOptions): void {
  const input = typeof body.input === 'string' ? [body.input] : (body.input as string[]);
  o.inputs?.push(input);
  const model = String(body.model);
  let vectors: number[][];
  try {
    vectors = input.map((t) => o.embed(t, model));
  } catch (e) {
    res
      .writeHead(400, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message: (e as Error).message, type: 'invalid_request_error', code: null } }));
    return;
  }
  const data = input.map((text, index) => {
    const v = vectors[index]!;
    const embedding = body.encoding_format === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v;
    return { object: 'embedding', index, embedding };
  });
  const tokens = input.reduce((n, t) => n + t.split(/\s+/).length, 0);
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } }));
}
