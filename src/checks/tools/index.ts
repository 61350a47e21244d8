import type { CheckDefinition } from '../types.js';
import { toolsListOrderStable } from './list-order-stable.js';
import { toolNameFormat } from './name-format.js';
import { inputSchemaObject, schemaValid, schemaNoNetworkRef, schemaBounded } from './schema-checks.js';
import { unknownTool } from './unknown-tool.js';

/** The tools checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [
  toolsListOrderStable,
  toolNameFormat,
  inputSchemaObject,
  schemaValid,
  schemaNoNetworkRef,
  schemaBounded,
  unknownTool,
];
