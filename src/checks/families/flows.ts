import type { CheckDefinition } from '../types.js';
import { logLevelRespected } from '../logging/level-respected.js';
import { noMessageWithoutLogLevel } from '../logging/no-message-without-level.js';
import { extraResponsesIgnored } from '../mrtr/extra-responses.js';
import { malformedInputResponses } from '../mrtr/malformed-input-responses.js';
import { inputRequiredMethodsOnly } from '../mrtr/methods-only.js';
import { missingResponsesReasked } from '../mrtr/missing-responses.js';
import { retryCompletes } from '../mrtr/retry-completes.js';
import { tamperedRequestState } from '../mrtr/tampered-state.js';
import { inputRequiredWellFormed } from '../mrtr/well-formed.js';
import { ackFirst } from '../subscriptions/ack-first.js';
import { filterHonoured } from '../subscriptions/filter-honoured.js';
import { notificationsTagged } from '../subscriptions/tagged.js';
import { noTaskWithoutExtension, taskLifecycle } from '../tasks/lifecycle.js';
import { removedTaskMethods, tasksRequireExtension, unknownTaskIdRejected } from '../tasks/method-errors.js';

/** The flows family of checks; each lives in its own file under src/checks/<area>/ and is listed here. */
export const FLOW_CHECKS: CheckDefinition[] = [
  inputRequiredMethodsOnly,
  inputRequiredWellFormed,
  retryCompletes,
  tamperedRequestState,
  extraResponsesIgnored,
  missingResponsesReasked,
  malformedInputResponses,
  noMessageWithoutLogLevel,
  logLevelRespected,
  ackFirst,
  notificationsTagged,
  filterHonoured,
  taskLifecycle,
  noTaskWithoutExtension,
  tasksRequireExtension,
  unknownTaskIdRejected,
  removedTaskMethods,
];
