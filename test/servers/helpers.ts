/** Test helpers for the bundled servers: modern requests over undici, a stdio child, the official schema. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { request } from 'undici';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export const VERSION = '2026-07-28';
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let nextId = 1;

export function meta(caps: Json = {}, version: string = VERSION): Json {
  return { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': caps };
}

/** A modern request; `params._meta` is filled in unless `params` already sets it (even to undefined). */
export function rpc(method: string, params: Json = {}, caps: Json = {}): Json {
  return { jsonrpc: '2.0', id: nextId++, method, params: '_meta' in params ? params : { ...params, _meta: meta(caps) } };
}

/** The headers a conformant client sends for `message` (HTTP §request headers). */
export function modernHeaders(message: Json): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': message.params?._meta?.['io.modelcontextprotocol/protocolVersion'] ?? VERSION,
    'mcp-method': message.method,
  };
  const name =
    message.method === 'resources/read' ? message.params?.uri : ['tools/call', 'prompts/get'].includes(message.method) ? message.params?.name : undefined;
  if (typeof name === 'string') headers['mcp-name'] = name;
  return headers;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The JSON-RPC message: the JSON body, or the single SSE event's data. */
  body: Json | undefined;
  events: string[];
}

export async function post(url: string, message: unknown, headers?: Record<string, string>, method = 'POST'): Promise<HttpAnswer> {
  const hdrs = headers ?? modernHeaders(message as Json);
  const res = await request(url, {
    method: method as 'POST',
    headers: hdrs,
    body: method === 'POST' ? (typeof message === 'string' ? message : JSON.stringify(message)) : null,
    headersTimeout: 5000,
    bodyTimeout: 5000,
  });
  const text = await res.body.text();
  const type = String(res.headers['content-type'] ?? '');
  const events: string[] = [];
  if (type.startsWith('text/event-stream')) {
    const parser = createParser({ onEvent: (e) => events.push(e.data) });
    parser.feed(text);
  }
  let body: Json | undefined;
  try {
    body = JSON.parse(events.length > 0 ? (events[events.length - 1] as string) : text) as Json;
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, body, events };
}

const schema = JSON.parse(readFileSync('/work/shared/spec/2026-07-28/schema.json', 'utf8')) as object;
// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(schema, 'schema.json');

/** Errors of `value` against `schema.json#/$defs/<def>`; empty when valid. */
export function specErrors(def: string, value: unknown): string[] {
  const validate = ajv.getSchema(`schema.json#/$defs/${def}`);
  if (!validate) throw new Error(`no definition ${def}`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** Errors of `value` against an arbitrary schema (a tool's outputSchema). */
export function schemaErrors(toolSchema: object, value: unknown): string[] {
  const validate = new Ajv2020({ strict: false }).compile(toolSchema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** Runs program entries from source under tsx, or from dist when the tests were compiled. */
const compiled = import.meta.url.endsWith('.js');
export function programPath(rel: string): string {
  return fileURLToPath(new URL(`../../examples/${rel}.${compiled ? 'js' : 'ts'}`, import.meta.url));
}

export function spawnProgram(rel: string, args: string[] = [], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const node = compiled ? [programPath(rel), ...args] : ['--import', 'tsx', programPath(rel), ...args];
  return spawn(process.execPath, node, { env: { ...process.env, ...env }, stdio: 'pipe' });
}

/** A stdio client: line-framed JSON-RPC, every wait with a deadline. */
export class StdioChild {
  readonly lines: string[] = [];
  /** Each stdout line parsed once (undefined when it is not JSON). */
  readonly messages: (Json | undefined)[] = [];
  stderr = '';
  exitCode: number | null | undefined;
  private waiters: (() => void)[] = [];
  private partial: string[] = [];
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onData(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        this.exitCode = code;
        this.wake();
        resolve(code);
      }),
    );
  }

  /** Splits on newlines looking only at the new chunk, so a 50 MB line costs linear time. */
  private onData(chunk: string): void {
    let start = 0;
    let nl: number;
    let completed = false;
    while ((nl = chunk.indexOf('\n', start)) >= 0) {
      this.partial.push(chunk.slice(start, nl));
      const line = this.partial.join('');
      this.partial = [];
      this.lines.push(line);
      let parsed: Json | undefined;
      try {
        parsed = JSON.parse(line) as Json;
      } catch {
        parsed = undefined;
      }
      this.messages.push(parsed);
      start = nl + 1;
      completed = true;
    }
    if (start < chunk.length) this.partial.push(chunk.slice(start));
    if (completed) this.wake();
  }

  static start(rel: string, args: string[] = [], env: Record<string, string> = {}): StdioChild {
    return new StdioChild(spawnProgram(rel, args, env));
  }

  send(message: unknown): void {
    this.child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until `test` holds (re-checked on every output line and on exit), or fails after `ms`. */
  async until<T>(test: () => T | undefined, ms = 8000, what = 'condition'): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = test();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0 || this.exitCode !== undefined) throw new Error(`timed out waiting for ${what}; stderr: ${this.stderr.slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The parsed response with this id. */
  response(id: unknown, ms?: number): Promise<Json> {
    return this.until(() => this.messages.find((m) => m !== undefined && m.id === id), ms, `response ${String(id)}`);
  }

  async request(message: Json, ms?: number): Promise<Json> {
    this.send(message);
    return this.response(message.id, ms);
  }

  async kill(): Promise<void> {
    if (this.exitCode !== undefined) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** Starts an HTTP program entry and waits for its one `listening <url>` line. */
export async function startHttpProgram(rel: string, args: string[] = []): Promise<{ url: string; proc: StdioChild }> {
  const proc = new StdioChild(spawnProgram(rel, ['--port', '0', ...args]));
  const url = await proc.until(() => proc.lines.map((l) => /^listening (http:\/\/\S+)$/.exec(l)?.[1]).find(Boolean), 10000, 'listening line');
  return { url, proc };
}
