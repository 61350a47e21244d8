/** Our own model of the 2026-07-28 wire: JSON Schema data plus the rules the schema cannot say. */
import { check } from './check.js';
import type { WireIssue } from './issues.js';

export type { WireIssue } from './issues.js';
export { classifyMessage, type MessageKind } from './check.js';
export { validateServerMessage, type ServerMessageContext } from './validate-server.js';
export { validateClientMessage } from './validate-client.js';
export { resultTypeName } from './methods.js';
export { WIRE_SCHEMA_ID, WIRE_TYPE_NAMES, wireSchema } from './schema.js';
export { preloadWireValidators } from './compile.js';

/** Validate a value against one type of the model (e.g. `Tool`, `ServerCapabilities`); throws for an unknown name. */
export function validateWireType(typeName: string, value: unknown): WireIssue[] {
  return check(typeName, value);
}
