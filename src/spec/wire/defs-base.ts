/** JSON-RPC envelope, ids, `_meta` objects and shared leaf types (DIGEST §b, §c, §d). */
import { ERROR, META } from '../constants.js';
import { any, arr, int, lit, obj, oneOfStrings, ref, resultMembers, str, strings, uri, type JsonSchema } from './schema-helpers.js';

const jsonrpc = lit('2.0');

export const baseDefs: Record<string, JsonSchema> = {
  /** Ids are strings or integers, never null (DIGEST §b). */
  RequestId: { type: ['string', 'integer'] },
  ProgressToken: { type: ['string', 'integer'] },
  /** schema.ts types JSONValue as any JSON value, floats and null included. */
  JSONValue: any,
  JSONObject: { type: 'object' },
  MetaObject: { type: 'object' },
  Role: oneOfStrings('user', 'assistant'),
  LoggingLevel: oneOfStrings('debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'),

  // Per-request `_meta`: version and client capabilities are required on every request (DIGEST §b).
  RequestMetaObject: obj(
    {
      [META.protocolVersion]: str,
      [META.clientCapabilities]: ref('ClientCapabilities'),
      [META.clientInfo]: ref('Implementation'),
      [META.logLevel]: ref('LoggingLevel'),
      progressToken: ref('ProgressToken'),
    },
    [META.protocolVersion, META.clientCapabilities],
  ),
  ResultMetaObject: obj({ [META.serverInfo]: ref('Implementation') }),
  NotificationMetaObject: obj({ [META.subscriptionId]: ref('RequestId') }),
  RequestParams: obj({ _meta: ref('RequestMetaObject') }, ['_meta']),
  PaginatedRequestParams: obj({ _meta: ref('RequestMetaObject'), cursor: str }, ['_meta']),
  NotificationParams: obj({ _meta: ref('NotificationMetaObject') }),

  Icon: obj({ src: uri, mimeType: str, sizes: strings, theme: oneOfStrings('light', 'dark') }, ['src']),
  Implementation: obj({ name: str, title: str, version: str, description: str, websiteUrl: uri, icons: arr(ref('Icon')) }, ['name', 'version']),
  Annotations: obj({
    audience: arr(ref('Role')),
    priority: { type: 'number', minimum: 0, maximum: 1 },
    lastModified: str,
  }),

  // Results (DIGEST §d). The resultType vocabulary is checked in code: the schema only says "string".
  Result: obj(resultMembers, ['resultType']),
  EmptyResult: ref('Result'),

  // JSON-RPC 2.0 envelopes as the 2026-07-28 schema draws them.
  JSONRPCRequest: obj({ jsonrpc, id: ref('RequestId'), method: str, params: { type: 'object' } }, ['jsonrpc', 'id', 'method']),
  JSONRPCNotification: obj({ jsonrpc, method: str, params: { type: 'object' } }, ['jsonrpc', 'method']),
  /** The result body is checked on its own, against the type of the method it answers. */
  JSONRPCResultResponse: obj({ jsonrpc, id: ref('RequestId'), result: { type: 'object' } }, ['jsonrpc', 'id', 'result']),
  /** `id` may be left out when the request id is unknown, but is never null in this schema. */
  JSONRPCErrorResponse: obj({ jsonrpc, id: ref('RequestId'), error: ref('Error') }, ['jsonrpc', 'error']),
  Error: obj({ code: int, message: str, data: any }, ['code', 'message']),

  // Error data shapes the spec fixes (DIGEST §c).
  MissingRequiredClientCapabilityErrorData: obj({ requiredCapabilities: ref('ClientCapabilities') }, ['requiredCapabilities']),
  UnsupportedProtocolVersionErrorData: obj({ supported: strings, requested: str }, ['supported', 'requested']),
  HeaderMismatchError: errorResponse(ERROR.headerMismatch),
  MissingRequiredClientCapabilityError: errorResponse(ERROR.missingClientCapability, 'MissingRequiredClientCapabilityErrorData'),
  UnsupportedProtocolVersionError: errorResponse(ERROR.unsupportedVersion, 'UnsupportedProtocolVersionErrorData'),
};

/** An error response pinned to one code, with the data shape that code requires (if any). */
function errorResponse(code: number, dataDef?: string): JsonSchema {
  const pinned = dataDef ? obj({ code: lit(code), data: ref(dataDef) }, ['code', 'data']) : obj({ code: lit(code) }, ['code']);
  return obj({ jsonrpc, id: ref('RequestId'), error: { allOf: [ref('Error'), pinned] } }, ['jsonrpc', 'error']);
}

/** Error data defs keyed by the code that requires them. */
export const ERROR_DATA_DEFS: Readonly<Record<number, string>> = {
  [ERROR.missingClientCapability]: 'MissingRequiredClientCapabilityErrorData',
  [ERROR.unsupportedVersion]: 'UnsupportedProtocolVersionErrorData',
};
