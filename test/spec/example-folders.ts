/** How each official example folder maps onto our wire model (folder names are official type names). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR } from '../../src/spec/constants.js';
import { MODERN_REVISION_DIR } from '../support/official-schema.js';

export interface Example {
  folder: string;
  file: string;
  value: unknown;
}

/** Every example under `<spec>/2026-07-28/examples/<Type>/*.json`. */
export function loadExamples(specDir: string): Example[] {
  const root = join(specDir, MODERN_REVISION_DIR, 'examples');
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(root, d.name))
        .filter((f) => f.endsWith('.json'))
        .map((file) => ({ folder: d.name, file, value: JSON.parse(readFileSync(join(root, d.name, file), 'utf8')) as unknown })),
    );
}

/** Full result responses: the method each one answers. */
export const RESPONSE_FOLDERS: Readonly<Record<string, string>> = {
  CallToolResultResponse: 'tools/call',
  CompleteResultResponse: 'completion/complete',
  DiscoverResultResponse: 'server/discover',
  GetPromptResultResponse: 'prompts/get',
  ListPromptsResultResponse: 'prompts/list',
  ListResourceTemplatesResultResponse: 'resources/templates/list',
  ListResourcesResultResponse: 'resources/list',
  ListToolsResultResponse: 'tools/list',
  ReadResourceResultResponse: 'resources/read',
  SubscriptionsListenResultResponse: 'subscriptions/listen',
};

/** Result bodies: the method whose answer they are. */
export const RESULT_FOLDERS: Readonly<Record<string, string>> = {
  CallToolResult: 'tools/call',
  CompleteResult: 'completion/complete',
  DiscoverResult: 'server/discover',
  GetPromptResult: 'prompts/get',
  InputRequiredResult: 'tools/call',
  ListPromptsResult: 'prompts/list',
  ListResourceTemplatesResult: 'resources/templates/list',
  ListResourcesResult: 'resources/list',
  ListToolsResult: 'tools/list',
  ReadResourceResult: 'resources/read',
  SubscriptionsListenResult: 'subscriptions/listen',
};

/** Bare JSON-RPC error objects (not responses), with the code each one pins. */
export const ERROR_OBJECT_FOLDERS: Readonly<Record<string, number>> = {
  InternalError: ERROR.internal,
  InvalidParamsError: ERROR.invalidParams,
  MethodNotFoundError: ERROR.methodNotFound,
  ParseError: ERROR.parse,
};

/** Whole error responses a server sends. */
export const ERROR_RESPONSE_FOLDERS = ['HeaderMismatchError', 'MissingRequiredClientCapabilityError', 'UnsupportedProtocolVersionError'];

/** Notifications a server sends. */
export const SERVER_NOTIFICATION_FOLDERS = [
  'CancelledNotification',
  'LoggingMessageNotification',
  'ProgressNotification',
  'PromptListChangedNotification',
  'ResourceListChangedNotification',
  'ResourceUpdatedNotification',
  'SubscriptionsAcknowledgedNotification',
  'ToolListChangedNotification',
];

/** Whole requests the client sends. */
export const CLIENT_REQUEST_FOLDERS = [
  'CallToolRequest',
  'CompleteRequest',
  'DiscoverRequest',
  'GetPromptRequest',
  'ListPromptsRequest',
  'ListResourceTemplatesRequest',
  'ListResourcesRequest',
  'ListToolsRequest',
  'ReadResourceRequest',
  'SubscriptionsListenRequest',
];

/**
 * Examples our model deliberately rejects. read-resource-result-response.json is a `complete` resources/read
 * result without ttlMs/cacheScope, which 2026-07-28 requires (DIGEST claim 5, §d); the official schema lets it
 * through only because its response type also admits InputRequiredResult, whose resultType is any string.
 */
export const KNOWN_REJECTED: Readonly<Record<string, string[]>> = {
  'ReadResourceResultResponse/read-resource-result-response.json': ['/result/ttlMs', '/result/cacheScope'],
};

export const envelope = (result: unknown): Record<string, unknown> => ({ jsonrpc: '2.0', id: 1, result });
export const errorEnvelope = (error: unknown, id: number | undefined = 1): Record<string, unknown> =>
  id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
