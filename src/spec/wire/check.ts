/** Shared plumbing: run one model type against a value and report issues under a pointer prefix. */
import { wireValidator } from './compile.js';
import { toIssues, type WireIssue } from './issues.js';
import { isObject, type JsonObject } from '../json-object.js';

export { isObject, type JsonObject };

/** Issues of `value` against the model type `typeName`, with paths prefixed by `base`. */
export function check(typeName: string, value: unknown, base = ''): WireIssue[] {
  const validate = wireValidator(typeName);
  return validate(value) ? [] : toIssues(validate.errors, base);
}

export type MessageKind = 'request' | 'notification' | 'result' | 'error' | 'invalid';

/** What a JSON-RPC message is, by its members alone; `invalid` when it cannot be any of them. */
export function classifyMessage(msg: unknown): MessageKind {
  if (!isObject(msg)) return 'invalid';
  const hasResult = 'result' in msg;
  const hasError = 'error' in msg;
  if ('method' in msg) {
    if (typeof msg.method !== 'string' || hasResult || hasError) return 'invalid';
    // A request is told from a notification by the presence of `id`, even a null one.
    return 'id' in msg ? 'request' : 'notification';
  }
  if (hasResult === hasError) return 'invalid';
  return hasResult ? 'result' : 'error';
}

/** Why a message classified `invalid` is not JSON-RPC. */
export function invalidMessageIssues(msg: unknown): WireIssue[] {
  if (Array.isArray(msg)) return [{ path: '', message: 'JSON-RPC batches are not part of MCP: send one message per array element' }];
  if (!isObject(msg)) return [{ path: '', message: 'a JSON-RPC message must be a JSON object' }];
  if ('method' in msg && typeof msg.method !== 'string') return [{ path: '/method', message: 'must be string' }];
  if ('method' in msg) return [{ path: '', message: 'a request or notification must not carry result or error' }];
  if ('result' in msg) return [{ path: '', message: 'a response must carry exactly one of result and error' }];
  return [{ path: '', message: 'neither a request, a notification nor a response: no method, result or error' }];
}
