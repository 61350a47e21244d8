import { describe, errorOf, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import { entries, field, obj, objects, oneOf } from '../../spec/read.js';
import type { Exchange } from '../../target/transport.js';
import { sampleArgs } from '../support/sample-args.js';
import type { CheckContext } from '../types.js';

/** What the harness declares when it wants to see MRTR: form elicitation, sampling and roots (DIGEST §b, §e). */
export const MRTR_CAPABILITIES: JsonObject = { elicitation: { form: {} }, sampling: {}, roots: {} };

/** The input-request methods MRTR allows, and nothing else (MRTR server requirements). */
export const INPUT_METHODS = ['elicitation/create', 'sampling/createMessage', 'roots/list'] as const;

/**
 * Problems with an InputRequiredResult: at least one of inputRequests / requestState, requests keyed in an object,
 * each one of the three allowed methods, state a string (MRTR §server requirements).
 */
export function inputRequiredProblems(r: JsonObject): string[] {
  const out: string[] = [];
  const has = (k: string) => k in r && r[k] !== undefined && r[k] !== null;
  if (!has('inputRequests') && !has('requestState')) out.push('neither inputRequests nor requestState is present');
  if (has('requestState') && typeof r.requestState !== 'string') out.push(`requestState is ${typeof r.requestState}, not a string`);
  if (has('inputRequests')) {
    const reqs = obj(r.inputRequests);
    if (!reqs) out.push('inputRequests is not an object keyed by request id');
    else
      for (const [key, q] of Object.entries(reqs)) {
        const method = field(q, 'method');
        if (typeof method !== 'string' || !oneOf(method, INPUT_METHODS))
          out.push(`inputRequests.${key} has method ${JSON.stringify(method)}, not one of ${INPUT_METHODS.join(', ')}`);
        else if (method !== 'roots/list' && typeof field(q, 'params') !== 'object') out.push(`inputRequests.${key} (${method}) has no params`);
      }
  }
  return out;
}

/** The input requests of a result, as [key, request] pairs. */
export function inputRequestsOf(r: JsonObject): [string, JsonObject][] {
  // An array-valued request stays in, so that it makes the whole set unanswerable.
  return entries(r.inputRequests).filter((e): e is [string, JsonObject] => !!e[1] && typeof e[1] === 'object');
}

/**
 * A client's answer to one input request: form elicitation accepted with content built from the requested schema,
 * sampling with a canned text message, roots with an empty list. Undefined when it cannot be answered.
 */
export function answerFor(q: JsonObject): JsonObject | undefined {
  const params = obj(q.params) ?? {};
  switch (q.method) {
    case 'elicitation/create':
      // URL mode needs a person to visit a page; the harness declares form mode only, so it declines.
      if (params.mode === 'url') return { action: 'decline' };
      return { action: 'accept', content: formContent(params.requestedSchema) };
    case 'sampling/createMessage':
      return { role: 'assistant', content: { type: 'text', text: 'A canned reply from mcp-assay.' }, model: 'mcp-assay-canned', stopReason: 'endTurn' };
    case 'roots/list':
      return { roots: [] };
    default:
      return undefined;
  }
}

/** Answers to every request of a result, or undefined when one of them cannot be answered. */
export function answersFor(r: JsonObject): Record<string, JsonObject> | undefined {
  const out: Record<string, JsonObject> = {};
  for (const [key, q] of inputRequestsOf(r)) {
    const a = answerFor(q);
    if (!a) return undefined;
    out[key] = a;
  }
  return out;
}

/** Form content: sample values for the required fields; booleans are `true`, since accepting means consenting. */
function formContent(schema: unknown): JsonObject {
  const s = obj(schema) ?? {};
  const out = sampleArgs(s);
  for (const [k, v] of Object.entries(out)) {
    const p = obj(field(s.properties, k));
    if (typeof v === 'boolean' && p && !('const' in p) && !('default' in p)) out[k] = true;
  }
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * requestState with one character changed in its middle, within the same alphabet so an encoding still decodes;
 * never the last character, whose spare base64 bits a decoder may ignore.
 */
export function tamper(state: string): string {
  const chars = [...state];
  const start = Math.floor(chars.length / 2);
  for (let i = start; i < chars.length - 1 || (chars.length === 1 && i === 0); i++) {
    const at = ALPHABET.indexOf(chars[i]!);
    if (at < 0) continue;
    chars[i] = ALPHABET[(at + 1) % ALPHABET.length]!;
    return chars.join('');
  }
  for (let i = start - 1; i >= 0; i--) {
    const at = ALPHABET.indexOf(chars[i]!);
    if (at < 0) continue;
    chars[i] = ALPHABET[(at + 1) % ALPHABET.length]!;
    return chars.join('');
  }
  return `${state}x`;
}

/** One request that may answer input_required: a safe tools/call, a prompts/get or a resources/read (DIGEST §e). */
export interface MrtrOp {
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  label: string;
  params: JsonObject;
}

export interface FoundOp {
  op: MrtrOp;
  /** The first answer, from discovery: already spent, never retried (state may be single-use). */
  first: Exchange;
  result: JsonObject;
  problems: string[];
}

export interface Discovery {
  tried: { tools: number; prompts: number; resources: number };
  found: FoundOp[];
}

const MAX = { tools: 8, prompts: 5, resources: 5 };

/** Which of the server's safe operations answer input_required with every MRTR capability declared; once per target. */
export function discoverInputRequired(t: CheckContext): Promise<Discovery> {
  return t.shared.once('mrtr:input-required', () => discover(t));
}

async function discover(t: CheckContext): Promise<Discovery> {
  const ops: MrtrOp[] = [];
  const tools = (await t.shared.callableTools()).slice(0, MAX.tools);
  for (const { tool, args } of tools) ops.push({ method: 'tools/call', label: `tool ${tool.name}`, params: { name: tool.name, arguments: args } });
  const prompts = t.shared.offers('prompts') === false ? [] : (await t.shared.list('prompts/list')).items.slice(0, MAX.prompts);
  for (const p of prompts) {
    const o = obj(p);
    if (typeof o?.name !== 'string') continue;
    const args: JsonObject = {};
    for (const a of objects(o.arguments)) if (a.required === true && typeof a.name === 'string') args[a.name] = 'test';
    ops.push({ method: 'prompts/get', label: `prompt ${o.name}`, params: { name: o.name, arguments: args } });
  }
  const resources = t.shared.offers('resources') === false ? [] : (await t.shared.list('resources/list')).items.slice(0, MAX.resources);
  for (const r of resources) {
    const uri = field(r, 'uri');
    if (typeof uri === 'string') ops.push({ method: 'resources/read', label: `resource ${uri}`, params: { uri } });
  }
  const found: FoundOp[] = [];
  for (const op of ops) {
    const ex = await t.client.request(op.method, op.params, { phase: 'shared', clientCapabilities: MRTR_CAPABILITIES });
    const r = resultOf(ex);
    if (r?.resultType === 'input_required') found.push({ op, first: ex, result: r, problems: inputRequiredProblems(r) });
  }
  return { tried: { tools: tools.length, prompts: prompts.length, resources: resources.length }, found };
}

/** Stops the check when nothing usable answered input_required: MRTR is optional, so there is nothing to judge. */
export function requireFound(t: CheckContext, d: Discovery, usable: FoundOp[], whyNotUsable = 'none of them is usable here'): void {
  if (usable.length) return;
  const { tools, prompts, resources } = d.tried;
  if (!tools && !prompts && !resources)
    t.precondition('no safely callable tool, prompt or resource to try', 'Allow tools with --allow-tool GLOB to test MRTR on tools that may write.');
  if (!d.found.length)
    t.precondition(
      `none of ${tools} safe tool(s), ${prompts} prompt(s) and ${resources} resource(s) answered input_required (asked with elicitation, sampling and roots declared)`,
    );
  t.precondition(`${d.found.length} operation(s) answered input_required, but ${whyNotUsable}`);
}

/** A fresh first request (never a reuse of discovery's state): its input_required result, or undefined. */
/** Well-formed input_required answers that ask for input (inputRequests); precondition-failed when there is none. */
export async function operationsAskingForInput(t: CheckContext): Promise<FoundOp[]> {
  const d = await discoverInputRequired(t);
  const usable = d.found.filter((f) => !f.problems.length && inputRequestsOf(f.result).length > 0);
  requireFound(t, d, usable, 'none of them asks for input (inputRequests)');
  return usable;
}

export async function start(t: CheckContext, op: MrtrOp): Promise<{ ex: Exchange; result?: JsonObject }> {
  const ex = await t.request(op.method, op.params, { clientCapabilities: MRTR_CAPABILITIES });
  const r = resultOf(ex);
  return { ex, ...(r?.resultType === 'input_required' && !inputRequiredProblems(r).length ? { result: r } : {}) };
}

/** The retry: same method and params, a new id, plus inputResponses and requestState as given (omitted when undefined). */
export function retry(t: CheckContext, op: MrtrOp, o: { inputResponses?: JsonObject; requestState?: string }): Promise<Exchange> {
  const params: JsonObject = { ...op.params };
  if (o.inputResponses !== undefined) params.inputResponses = o.inputResponses;
  if (o.requestState !== undefined) params.requestState = o.requestState;
  return t.request(op.method, params, { clientCapabilities: MRTR_CAPABILITIES });
}

export type Outcome = 'complete' | 'tool-error' | 'input_required' | 'error' | 'no-answer';

/** What an answer amounts to; `complete` is any final result (resultType values are judged by results/result-type). */
export function outcomeOf(ex: Exchange): Outcome {
  const r = resultOf(ex);
  if (r) return r.resultType === 'input_required' ? 'input_required' : r.isError === true ? 'tool-error' : 'complete';
  return errorOf(ex) ? 'error' : 'no-answer';
}

/** A transport failure decides nothing about the server. */
export function stopOnTransport(t: CheckContext, ex: Exchange, what: string): void {
  if (outcomeOf(ex) === 'no-answer') t.inconclusive(`${what}: ${describe(ex)}`, ex.evidence);
}
