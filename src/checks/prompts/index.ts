import type { CheckDefinition } from '../types.js';
import { unknownPrompt, missingPromptArgument } from './errors.js';
import { getListedPrompt } from './get-listed.js';
import { promptsListValid } from './list-valid.js';

/** The prompts checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [unknownPrompt, missingPromptArgument, getListedPrompt, promptsListValid];
