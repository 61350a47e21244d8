import type { CheckDefinition } from '../types.js';
import { executionErrorIsResult } from './execution-errors.js';
import { resultTypePresent } from './result-type.js';
import { resultsServerInfo } from './server-info.js';
import { structuredContentValid, structuredContentText } from './structured-content.js';

/** The results checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [executionErrorIsResult, resultTypePresent, resultsServerInfo, structuredContentValid, structuredContentText];
