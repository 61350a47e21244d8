import type { CheckDefinition } from '../types.js';
import { logLevelRespected } from './level-respected.js';
import { noMessageWithoutLogLevel } from './no-message-without-level.js';

/** The logging checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [logLevelRespected, noMessageWithoutLogLevel];
