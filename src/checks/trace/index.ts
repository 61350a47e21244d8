import type { CheckDefinition } from '../types.js';
import { traceContextAccepted } from './context-accepted.js';

/** The trace checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [traceContextAccepted];
