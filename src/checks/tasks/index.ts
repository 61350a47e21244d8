import type { CheckDefinition } from '../types.js';
import { taskLifecycle, noTaskWithoutExtension } from './lifecycle.js';
import { tasksRequireExtension, unknownTaskIdRejected, removedTaskMethods } from './method-errors.js';

/** The tasks checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [taskLifecycle, noTaskWithoutExtension, tasksRequireExtension, unknownTaskIdRejected, removedTaskMethods];
