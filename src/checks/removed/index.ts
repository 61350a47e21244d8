import type { CheckDefinition } from '../types.js';
import { initializeListsVersions } from './initialize-lists-versions.js';
import { removedPing, removedSetLevel, removedSubscribe, removedUnsubscribe, removedInitialize } from './removed-methods.js';

/** The removed checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [
  initializeListsVersions,
  removedPing,
  removedSetLevel,
  removedSubscribe,
  removedUnsubscribe,
  removedInitialize,
];
