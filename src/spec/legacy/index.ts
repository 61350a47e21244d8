/** Our own model of the 2025-11-25 wire (the slice the 2025-era checks need), kept apart from the 2026-07-28 one. */
import { toIssues, type WireIssue } from '../wire/issues.js';
import { withoutNullId } from '../wire/validate-server.js';
import { classifyMessage, invalidMessageIssues } from '../wire/check.js';
import { validatorTable } from '../wire/validator-table.js';
import { LEGACY_RESULT_TYPES, legacyDocument } from './defs.js';

export type { WireIssue } from '../wire/issues.js';
export { LEGACY_RESULT_TYPES, LEGACY_TYPE_NAMES, legacyDocument } from './defs.js';

/** The file name the build step gives this model's generated validators. */
export const LEGACY_VALIDATORS_FILE = 'wire-2025-11-25';

const validator = validatorTable(legacyDocument, LEGACY_VALIDATORS_FILE);

/** Issues of `value` against one 2025-11-25 type (e.g. `InitializeResult`), paths prefixed by `base`. */
export function validateLegacyType(typeName: string, value: unknown, base = ''): WireIssue[] {
  const v = validator(typeName);
  return v(value) ? [] : toIssues(v.errors, base);
}

/**
 * Issues of a whole response to a 2025-era request: the JSON-RPC envelope, then the result body against the type of
 * `method` (a method the model does not know is checked as an open object). Error responses are checked as errors.
 */
export function validateLegacyResponse(method: string, response: unknown): WireIssue[] {
  const r = response && typeof response === 'object' && !Array.isArray(response) ? (response as Record<string, unknown>) : undefined;
  if (!r) return [{ path: '', message: 'a JSON-RPC response must be a JSON object' }];
  if ('error' in r && !('result' in r)) return validateLegacyType('JSONRPCErrorResponse', withoutNullId(r));
  const issues = validateLegacyType('JSONRPCResultResponse', r);
  const type = Object.hasOwn(LEGACY_RESULT_TYPES, method) ? LEGACY_RESULT_TYPES[method] : undefined;
  if (type && r.result && typeof r.result === 'object' && !Array.isArray(r.result)) issues.push(...validateLegacyType(type, r.result, '/result'));
  return issues;
}

/**
 * Any message a 2025-era server sent, judged by 2025-11-25: server-to-client requests and notifications are normal
 * there (sampling, list_changed on the session), so only their envelopes are checked; responses by the method asked.
 */
export function validateLegacyServerMessage(msg: unknown, requestMethod?: string): WireIssue[] {
  switch (classifyMessage(msg)) {
    case 'request':
      return validateLegacyType('JSONRPCRequest', msg);
    case 'notification':
      return validateLegacyType('JSONRPCNotification', msg);
    case 'result':
    case 'error':
      return validateLegacyResponse(requestMethod ?? '', msg);
    default:
      return invalidMessageIssues(msg);
  }
}
