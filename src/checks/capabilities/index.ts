import type { CheckDefinition } from '../types.js';
import { undeclaredCapability } from './undeclared.js';

/** The capabilities checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [undeclaredCapability];
