import type { CheckDefinition } from '../types.js';
import { cacheableResults } from './cacheable-results.js';

/** The caching checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [cacheableResults];
