/**
 * A retry's `inputResponses` maps each key to an ElicitResult, CreateMessageResult or ListRootsResult; a malformed one
 * SHOULD get a JSON-RPC error (MRTR §error handling). SDK 2.4 silently drops malformed entries (and ignores a
 * non-object `inputResponses`) and runs the handler anyway, so both transports' guards refuse such a retry with
 * -32602 before the SDK sees it: the handler never runs on it.
 */
import { isSpecType } from '@modelcontextprotocol/server';

const MRTR_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);
const RESULT_KINDS = ['ElicitResult', 'CreateMessageResult', 'CreateMessageResultWithTools', 'ListRootsResult'] as const;
// The SDK's spec-type guards, keyed by type name.
const is = isSpecType as unknown as Record<(typeof RESULT_KINDS)[number], (value: unknown) => boolean>;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The id of an MRTR request whose `inputResponses` is malformed, with the reason; undefined otherwise. */
export function malformedInputResponses(message: unknown): { id: string | number; why: string } | undefined {
  if (!isObject(message) || typeof message.method !== 'string' || !MRTR_METHODS.has(message.method)) return undefined;
  const id = message.id;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const responses = isObject(message.params) ? message.params.inputResponses : undefined;
  if (responses === undefined) return undefined;
  if (!isObject(responses)) return { id, why: 'inputResponses must be an object keyed by the input request keys' };
  for (const [key, value] of Object.entries(responses))
    if (!RESULT_KINDS.some((kind) => is[kind](value))) return { id, why: `inputResponses.${key} is not an elicitation, sampling or roots result` };
  return undefined;
}

export function malformedInputResponsesError(
  id: string | number,
  why: string,
): { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string } } {
  return { jsonrpc: '2.0', id, error: { code: -32602, message: `Invalid params: ${why}` } };
}
