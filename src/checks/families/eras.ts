import type { CheckDefinition } from '../types.js';
import { legacyInitializeResult, legacyVersionNegotiation } from '../legacy/initialize.js';
import { legacyPing } from '../legacy/ping.js';
import { legacyResourceNotFound } from '../legacy/resource-not-found.js';
import { legacySessionIdVisibleAscii } from '../legacy/session-id.js';
import { legacyToolInputSchemaObject, legacyToolsCall, legacyToolsList } from '../legacy/tools.js';

/** The eras family: 2025-11-25 checks, run on legacy and dual-era servers (each lives under src/checks/legacy/). */
export const LEGACY_CHECKS: CheckDefinition[] = [
  legacyInitializeResult,
  legacyVersionNegotiation,
  legacyToolsList,
  legacyToolInputSchemaObject,
  legacyToolsCall,
  legacyPing,
  legacyResourceNotFound,
  legacySessionIdVisibleAscii,
];
