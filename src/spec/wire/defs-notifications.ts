/** Notifications a server may send, and subscriptions/listen (DIGEST §a major 4, §b). */
import { META } from '../constants.js';
import { any, bool, lit, num, obj, ref, str, strings, uri, type JsonSchema } from './schema-helpers.js';
import { clientRequest } from './defs-discover.js';

const notifMeta = ref('NotificationMetaObject');

/** A notification with a fixed method; `params` is required when `paramsDef` must be present. */
function notification(method: string, paramsDef: string, paramsRequired: boolean): JsonSchema {
  const required = paramsRequired ? ['jsonrpc', 'method', 'params'] : ['jsonrpc', 'method'];
  return obj({ jsonrpc: lit('2.0'), method: lit(method), params: ref(paramsDef) }, required);
}

export const notificationDefs: Record<string, JsonSchema> = {
  ProgressNotificationParams: obj({ progressToken: ref('ProgressToken'), progress: num, total: num, message: str, _meta: notifMeta }, [
    'progressToken',
    'progress',
  ]),
  ProgressNotification: notification('notifications/progress', 'ProgressNotificationParams', true),
  // Logging is deprecated but still specified, request-scoped (DIGEST §i).
  LoggingMessageNotificationParams: obj({ level: ref('LoggingLevel'), logger: str, data: any, _meta: notifMeta }, ['level', 'data']),
  LoggingMessageNotification: notification('notifications/message', 'LoggingMessageNotificationParams', true),
  // A server sends this only to end a subscriptions/listen stream (DIGEST §b stdio).
  CancelledNotificationParams: obj({ requestId: ref('RequestId'), reason: str, _meta: notifMeta }, ['requestId']),
  CancelledNotification: notification('notifications/cancelled', 'CancelledNotificationParams', true),
  ToolListChangedNotification: notification('notifications/tools/list_changed', 'NotificationParams', false),
  PromptListChangedNotification: notification('notifications/prompts/list_changed', 'NotificationParams', false),
  ResourceListChangedNotification: notification('notifications/resources/list_changed', 'NotificationParams', false),
  ResourceUpdatedNotificationParams: obj({ uri, _meta: notifMeta }, ['uri']),
  ResourceUpdatedNotification: notification('notifications/resources/updated', 'ResourceUpdatedNotificationParams', true),

  // subscriptions/listen: the client opts in per type; the server acknowledges what it honours.
  SubscriptionFilter: obj({ toolsListChanged: bool, promptsListChanged: bool, resourcesListChanged: bool, resourceSubscriptions: strings }),
  SubscriptionsAcknowledgedNotificationParams: obj({ notifications: ref('SubscriptionFilter'), _meta: notifMeta }, ['notifications']),
  SubscriptionsAcknowledgedNotification: notification('notifications/subscriptions/acknowledged', 'SubscriptionsAcknowledgedNotificationParams', true),
  SubscriptionsListenRequestParams: obj({ _meta: ref('RequestMetaObject'), notifications: ref('SubscriptionFilter') }, ['_meta', 'notifications']),
  SubscriptionsListenRequest: clientRequest('subscriptions/listen', 'SubscriptionsListenRequestParams'),
  SubscriptionsListenResultMetaObject: obj({ [META.serverInfo]: ref('Implementation'), [META.subscriptionId]: ref('RequestId') }, [META.subscriptionId]),
  SubscriptionsListenResult: obj({ _meta: ref('SubscriptionsListenResultMetaObject'), resultType: str }, ['resultType', '_meta']),
};
