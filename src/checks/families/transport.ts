import type { CheckDefinition } from '../types.js';

/** The transport family of checks; each lives in its own file under src/checks/<area>/ and is listed here. */
export const TRANSPORT_CHECKS: CheckDefinition[] = [];
