/** Self-check of what the harness sends as a 2026-07-28 client (DIGEST §b). */
import { check, classifyMessage, invalidMessageIssues } from './check.js';
import type { WireIssue } from './issues.js';
import { CLIENT_NOTIFICATION_TYPES, CLIENT_REQUEST_TYPES, lookup } from './methods.js';
import { field } from '../read.js';

/** Validate a message the client sends; methods the model does not know get the plain JSON-RPC shape. */
export function validateClientMessage(msg: unknown): WireIssue[] {
  switch (classifyMessage(msg)) {
    case 'request': {
      const method = field(msg, 'method') as string;
      return check(lookup(CLIENT_REQUEST_TYPES, method) ?? 'JSONRPCRequest', msg);
    }
    case 'notification': {
      const method = field(msg, 'method') as string;
      const issues = check(lookup(CLIENT_NOTIFICATION_TYPES, method) ?? 'JSONRPCNotification', msg);
      // Without an id a request turns into a notification, and the server must not answer it.
      if (lookup(CLIENT_REQUEST_TYPES, method)) issues.unshift({ path: '/id', message: `${method} is a request: id is required` });
      return issues;
    }
    case 'result':
    case 'error':
      // Servers send no requests any more, so a client has nothing to answer (DIGEST §i).
      return [
        { path: '', message: 'a 2026-07-28 client sends no responses: servers no longer send requests' },
        ...check(field(msg, 'error') !== undefined ? 'JSONRPCErrorResponse' : 'JSONRPCResultResponse', msg),
      ];
    default:
      return invalidMessageIssues(msg);
  }
}
