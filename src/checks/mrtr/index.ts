import type { CheckDefinition } from '../types.js';
import { extraResponsesIgnored } from './extra-responses.js';
import { malformedInputResponses } from './malformed-input-responses.js';
import { inputRequiredMethodsOnly } from './methods-only.js';
import { missingResponsesReasked } from './missing-responses.js';
import { retryCompletes } from './retry-completes.js';
import { tamperedRequestState } from './tampered-state.js';
import { inputRequiredWellFormed } from './well-formed.js';

/** The mrtr checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [
  extraResponsesIgnored,
  malformedInputResponses,
  inputRequiredMethodsOnly,
  missingResponsesReasked,
  retryCompletes,
  tamperedRequestState,
  inputRequiredWellFormed,
];
