import type { CheckDefinition } from '../types.js';

/** The eras family of checks; each lives in its own file under src/checks/<area>/ and is listed here. */
export const LEGACY_CHECKS: CheckDefinition[] = [];
