/** Rules for what a 2026-07-28 server sends, beyond the shapes (DIGEST §b–§f). */
import { ERROR, EXTENSION_RESULT_TYPES, META, MODERN_ERROR_CODES, MRTR_METHODS, RESULT_TYPES, TASKS_EXTENSION } from '../constants.js';
import { ERROR_DATA_DEFS } from './defs-base.js';
import { check, classifyMessage, invalidMessageIssues, isObject, type JsonObject } from './check.js';
import { pointerToken, type WireIssue } from './issues.js';
import { LISTEN_STREAM_NOTIFICATIONS, SERVER_NOTIFICATION_TYPES, lookup, resultTypeName } from './methods.js';

export interface ServerMessageContext {
  /** Method of the request this response answers. */
  requestMethod?: string;
  /** Extensions the client declared on that request (e.g. `io.modelcontextprotocol/tasks`). */
  extensions?: string[];
}

/** Validate a message the server sent. */
export function validateServerMessage(msg: unknown, ctx: ServerMessageContext = {}): WireIssue[] {
  switch (classifyMessage(msg)) {
    case 'request':
      // Server-to-client requests are gone: the server asks with an input_required result (DIGEST §e, §i).
      return [
        { path: '/method', message: 'a 2026-07-28 server must not send JSON-RPC requests; it asks for input with an input_required result' },
        ...check('JSONRPCRequest', msg),
      ];
    case 'notification':
      return notificationIssues(msg as JsonObject);
    case 'result':
      return resultResponseIssues(msg as JsonObject, ctx);
    case 'error':
      return errorResponseIssues(msg as JsonObject);
    default:
      return invalidMessageIssues(msg);
  }
}

function notificationIssues(msg: JsonObject): WireIssue[] {
  const method = msg.method as string;
  const issues = check(lookup(SERVER_NOTIFICATION_TYPES, method) ?? 'JSONRPCNotification', msg);
  if (LISTEN_STREAM_NOTIFICATIONS.has(method)) {
    const params = isObject(msg.params) ? msg.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    if (!(META.subscriptionId in meta)) {
      issues.push({
        path: `/params/_meta/${pointerToken(META.subscriptionId)}`,
        message: 'a notification sent on a subscriptions/listen stream must carry the subscription id',
      });
    }
  }
  return issues;
}

function resultResponseIssues(msg: JsonObject, ctx: ServerMessageContext): WireIssue[] {
  const issues = check('JSONRPCResultResponse', msg);
  if (isObject(msg.result)) issues.push(...resultIssues(msg.result, ctx, '/result'));
  return issues;
}

/** A result body: its resultType picks the shape, and the request method decides what is allowed. */
export function resultIssues(result: JsonObject, ctx: ServerMessageContext, base: string): WireIssue[] {
  const method = ctx.requestMethod;
  const extensions = ctx.extensions ?? [];
  const kind = result.resultType;
  const at = `${base}/resultType`;

  if (kind === 'input_required') {
    const issues: WireIssue[] = [];
    // Only three methods may ask for input (DIGEST §e).
    if (method !== undefined && !(MRTR_METHODS as readonly string[]).includes(method)) {
      issues.push({ path: at, message: `input_required may answer only ${MRTR_METHODS.join(', ')}, not ${method}` });
    }
    issues.push(...check('InputRequiredResult', result, base));
    if (!('inputRequests' in result) && !('requestState' in result)) {
      issues.push({ path: base, message: 'an input_required result must carry inputRequests, requestState or both' });
    }
    return issues;
  }

  if (kind === 'task' && extensionResultTypes(extensions).includes('task')) {
    // Only tools/call may be turned into a task (SEP-2663).
    const issues = method !== undefined && method !== 'tools/call' ? [{ path: at, message: `only tools/call may return a task, not ${method}` }] : [];
    return [...issues, ...check('CreateTaskResult', result, base)];
  }

  if (typeof kind === 'string' && kind !== 'complete') {
    // An unrecognized resultType makes the result invalid (DIGEST §d).
    const allowed = [...RESULT_TYPES, ...extensionResultTypes(extensions)].map((v) => `'${v}'`).join(', ');
    const why = kind === 'task' ? ` ('task' needs the ${TASKS_EXTENSION} extension declared on the request)` : '';
    return [{ path: at, message: `unknown resultType '${kind}': must be one of ${allowed}${why}` }, ...check('Result', result, base)];
  }

  // 'complete', or missing/not a string (the schema reports those), is checked against the method's result type.
  return check((method !== undefined ? resultTypeName(method) : undefined) ?? 'Result', result, base);
}

function extensionResultTypes(extensions: readonly string[]): string[] {
  return extensions.flatMap((ext) => (Object.hasOwn(EXTENSION_RESULT_TYPES, ext) ? (EXTENSION_RESULT_TYPES[ext] ?? []) : []));
}

const RETIRED_CODES: Readonly<Record<number, string>> = {
  [ERROR.legacyResourceNotFound]: 'resource not found is -32602 since 2026-07-28',
  [ERROR.legacyUrlElicitation]: 'URL elicitation goes through input_required since 2026-07-28',
};

/**
 * `id: null` on an error is JSON-RPC 2.0's answer to a request whose id could not be read (parse error, invalid
 * request, rejected before the body was read); the schema's optional id says the same. Whether the id *was* readable
 * is for the caller who sent the request to judge (error-carries-id, id correlation), so the shape takes it as absent.
 */
export function withoutNullId(msg: JsonObject): JsonObject {
  if (msg.id !== null || !('error' in msg)) return msg;
  const rest = { ...msg };
  delete rest.id;
  return rest;
}

function errorResponseIssues(msg: JsonObject): WireIssue[] {
  const issues = check('JSONRPCErrorResponse', withoutNullId(msg));
  const error = msg.error;
  if (!isObject(error) || typeof error.code !== 'number' || !Number.isInteger(error.code)) return issues;
  const code = error.code;
  const dataDef = ERROR_DATA_DEFS[code];
  if (dataDef !== undefined) {
    // -32021 and -32022 carry a fixed data shape (DIGEST §c).
    if (!('data' in error)) issues.push({ path: '/error/data', message: `error ${code} requires data` });
    else issues.push(...check(dataDef, error.data, '/error/data'));
  }
  const retired = RETIRED_CODES[code];
  // -32020..-32099 belong to the spec; only the allocated codes may be sent (DIGEST §c range policy).
  const unallocated = code <= -32020 && code >= -32099 && !MODERN_ERROR_CODES.includes(code);
  if (retired !== undefined) issues.push({ path: '/error/code', message: `code ${code} is retired and must not be sent: ${retired}` });
  else if (unallocated) issues.push({ path: '/error/code', message: `code ${code} is reserved for the spec but not defined by 2026-07-28` });
  return issues;
}
