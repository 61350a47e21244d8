import type { CheckDefinition } from '../types.js';
import { invalidCursor } from './invalid-cursor.js';

/** The pagination checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [invalidCursor];
