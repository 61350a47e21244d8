import type { CheckDefinition } from '../types.js';
import { completionComplete } from './complete.js';

/** The completion checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [completionComplete];
