import type { JsonObject } from '../../target/envelope.js';
import { sampleArgs } from '../support/sample-args.js';
import { obj, field, entries, oneOf } from '../../spec/read.js';

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
        if (typeof method !== 'string' || !oneOf(method, INPUT_METHODS)) out.push(`inputRequests.${key} has method ${JSON.stringify(method)}, not one of ${INPUT_METHODS.join(', ')}`);
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
export function answersFor(r: JsonObject): JsonObject | undefined {
  const out: JsonObject = {};
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
