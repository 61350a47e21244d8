import type { CheckDefinition } from '../types.js';

/** The flows family of checks; each lives in its own file under src/checks/<area>/ and is listed here. */
export const FLOW_CHECKS: CheckDefinition[] = [];
