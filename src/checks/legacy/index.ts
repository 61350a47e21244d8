import type { CheckDefinition } from '../types.js';
import { legacyInitializeResult, legacyVersionNegotiation } from './initialize.js';
import { legacyGetStreamOr405 } from './get-stream.js';
import { legacyPing } from './ping.js';
import { legacyResourceNotFound } from './resource-not-found.js';
import { legacySessionIdVisibleAscii } from './session-id.js';
import { legacyVersionHeader } from './version-header.js';
import { legacyToolsList, legacyToolInputSchemaObject, legacyToolsCall } from './tools.js';

/** The legacy checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [
  legacyInitializeResult,
  legacyVersionNegotiation,
  legacyPing,
  legacyResourceNotFound,
  legacySessionIdVisibleAscii,
  legacyVersionHeader,
  legacyGetStreamOr405,
  legacyToolsList,
  legacyToolInputSchemaObject,
  legacyToolsCall,
];
