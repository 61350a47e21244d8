import type { CheckDefinition } from '../types.js';

/** The surface family of checks; each lives in its own file under src/checks/<area>/ and is listed here. */
export const SURFACE_CHECKS: CheckDefinition[] = [];
