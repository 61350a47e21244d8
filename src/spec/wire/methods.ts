/** Which model type answers, carries or is each method (DIGEST §b, §d, §f). */

/** Result type of each request method a 2026-07-28 server answers. */
const RESULT_TYPE_BY_METHOD: Readonly<Record<string, string>> = {
  'server/discover': 'DiscoverResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
  'completion/complete': 'CompleteResult',
  // Tasks extension methods (SEP-2663): tasks/update and tasks/cancel answer with an empty ack.
  'tasks/get': 'GetTaskResult',
  'tasks/update': 'EmptyResult',
  'tasks/cancel': 'EmptyResult',
};

/** Requests the client may send, by method. */
export const CLIENT_REQUEST_TYPES: Readonly<Record<string, string>> = {
  'server/discover': 'DiscoverRequest',
  'tools/list': 'ListToolsRequest',
  'tools/call': 'CallToolRequest',
  'prompts/list': 'ListPromptsRequest',
  'prompts/get': 'GetPromptRequest',
  'resources/list': 'ListResourcesRequest',
  'resources/templates/list': 'ListResourceTemplatesRequest',
  'resources/read': 'ReadResourceRequest',
  'subscriptions/listen': 'SubscriptionsListenRequest',
  'completion/complete': 'CompleteRequest',
};

/** Notifications the client may send: only cancellation, and only on stdio (DIGEST §b). */
export const CLIENT_NOTIFICATION_TYPES: Readonly<Record<string, string>> = {
  'notifications/cancelled': 'CancelledNotification',
};

/** Notifications a server may send, by method. */
export const SERVER_NOTIFICATION_TYPES: Readonly<Record<string, string>> = {
  'notifications/progress': 'ProgressNotification',
  'notifications/message': 'LoggingMessageNotification',
  'notifications/cancelled': 'CancelledNotification',
  'notifications/tools/list_changed': 'ToolListChangedNotification',
  'notifications/prompts/list_changed': 'PromptListChangedNotification',
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification',
  'notifications/tasks': 'TaskStatusNotification',
};

/** Notifications that only ever travel on a subscriptions/listen stream, so must carry its id (DIGEST §b). */
export const LISTEN_STREAM_NOTIFICATIONS: ReadonlySet<string> = new Set([
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
  'notifications/subscriptions/acknowledged',
  'notifications/tasks',
]);

/** The model type of a `complete` result for `method`, e.g. `tools/list` -> `ListToolsResult`. */
export function resultTypeName(method: string): string | undefined {
  return Object.hasOwn(RESULT_TYPE_BY_METHOD, method) ? RESULT_TYPE_BY_METHOD[method] : undefined;
}

export const lookup = (table: Readonly<Record<string, string>>, method: string): string | undefined =>
  Object.hasOwn(table, method) ? table[method] : undefined;
