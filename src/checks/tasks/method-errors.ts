import { ERROR, TASKS_EXTENSION } from '../../spec/constants.js';
import { errorOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { BOTH, since2026 } from '../support/spec.js';
import { requireTasks, TASKS_CAPABILITIES, unknownTaskId } from './support.js';
import { field, objAt } from '../../spec/read.js';

const EXT_SPEC = 'extensions/tasks';

export const tasksRequireExtension: CheckDefinition = {
  id: 'tasks/requires-extension-declared',
  title: 'tasks/get, tasks/update and tasks/cancel without the Tasks extension declared get -32021',
  level: 'MUST',
  spec: since2026(
    EXT_SPEC,
    'A client that does not declare io.modelcontextprotocol/tasks on the request gets -32021 (HTTP 400) for tasks/get, tasks/update and tasks/cancel, naming the extension in data.requiredCapabilities.',
    2663,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'tasks-undeclared-served' }],
  async run(t) {
    requireTasks(t);
    const taskId = unknownTaskId();
    for (const [method, extra] of [
      ['tasks/get', {}],
      ['tasks/update', { inputResponses: {} }],
      ['tasks/cancel', {}],
    ] as const) {
      const ex = await t.request(method, { taskId, ...extra }, { clientCapabilities: {} });
      if (!expectError(t, ex, { code: ERROR.missingClientCapability, httpStatus: 400, what: `${method} with no extension declared` })) continue;
      const req = objAt(errorOf(ex)?.data, 'requiredCapabilities');
      const named = field(req?.extensions, TASKS_EXTENSION) !== undefined;
      if (!named)
        t.fail({
          message: `${method}: -32021 without the extension in data.requiredCapabilities`,
          expected: `data.requiredCapabilities.extensions["${TASKS_EXTENSION}"]`,
          actual: JSON.stringify(errorOf(ex)?.data ?? null).slice(0, 160),
          evidence: ex.evidence,
        });
    }
    t.note('tasks/get, tasks/update and tasks/cancel checked without the extension declared');
  },
};

export const unknownTaskIdRejected: CheckDefinition = {
  id: 'tasks/unknown-task-id',
  title: 'tasks/get for an unknown taskId gets -32602',
  level: 'MUST',
  spec: since2026(
    EXT_SPEC,
    'tasks/get naming a taskId the server does not know (never issued, expired or purged) is answered with -32602 Invalid params.',
    2663,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'tasks-unknown-id-wrong-code' }],
  async run(t) {
    requireTasks(t);
    const ex = await t.request('tasks/get', { taskId: unknownTaskId() }, { clientCapabilities: TASKS_CAPABILITIES });
    if (expectError(t, ex, { code: ERROR.invalidParams, what: 'tasks/get for a taskId that was never issued' })) t.note('answered -32602');
  },
};

export const removedTaskMethods: CheckDefinition = {
  id: 'tasks/removed-methods',
  title: 'tasks/result and tasks/list, removed with the 2025-11-25 tasks, get -32601',
  level: 'MUST',
  spec: since2026(
    EXT_SPEC,
    'The Tasks extension replaces tasks/result with polling tasks/get and drops tasks/list, so both are unknown methods: -32601 (HTTP 404).',
    2663,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'tasks-legacy-methods' }],
  async run(t) {
    requireTasks(t);
    for (const [method, params] of [
      ['tasks/result', { taskId: unknownTaskId() }],
      ['tasks/list', {}],
    ] as const) {
      const ex = await t.request(method, { ...params }, { clientCapabilities: TASKS_CAPABILITIES });
      expectError(t, ex, {
        code: ERROR.methodNotFound,
        httpStatus: 404,
        what: `${method} (removed)`,
        hint: 'Poll tasks/get instead of tasks/result; there is no task listing any more.',
      });
    }
    t.note('tasks/result and tasks/list checked');
  },
};
