/** Our own model of the 2025-11-25 wire (the slice the 2025-era checks need), kept apart from the 2026-07-28 one. */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { toIssues, type WireIssue } from '../wire/issues.js';
import { withoutNullId } from '../wire/validate-server.js';
import { classifyMessage, invalidMessageIssues } from '../wire/check.js';
import { LEGACY_RESULT_TYPES, legacyDefs } from './defs.js';

export type { WireIssue } from '../wire/issues.js';
export { LEGACY_RESULT_TYPES } from './defs.js';

const addFormats = addFormatsModule.default;
/** A URN, so nothing ever looks like a fetchable address. */
export const LEGACY_SCHEMA_ID = 'urn:mcp-assay:wire:2025-11-25';
export const LEGACY_TYPE_NAMES: readonly string[] = Object.keys(legacyDefs).sort();

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

// Never given a schema loader: every $ref stays inside our document.
function validator(typeName: string): ValidateFunction {
  let v = validators.get(typeName);
  if (v) return v;
  if (!LEGACY_TYPE_NAMES.includes(typeName)) throw new Error(`2025-11-25 wire model: unknown type ${typeName}`);
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: LEGACY_SCHEMA_ID, $defs: legacyDefs }, LEGACY_SCHEMA_ID);
  }
  v = ajv.getSchema(`${LEGACY_SCHEMA_ID}#/$defs/${typeName}`);
  if (!v) throw new Error(`2025-11-25 wire model: could not compile ${typeName}`);
  validators.set(typeName, v);
  return v;
}

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
