import type { CheckDefinition } from '../types.js';
import { idCorrelation } from './id-correlation.js';
import { serverMessagesValid } from './server-messages-valid.js';

/** The wire checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [idCorrelation, serverMessagesValid];
