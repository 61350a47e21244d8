/** The Tasks extension `io.modelcontextprotocol/tasks` (DIGEST §f, SEP-2663); not part of the core schema. */
import { int, lit, obj, oneOfStrings, ref, resultMembers, str, tagged, type JsonSchema } from './schema-helpers.js';

const taskMembers: Record<string, JsonSchema> = {
  taskId: str,
  status: oneOfStrings('working', 'input_required', 'completed', 'failed', 'cancelled'),
  statusMessage: str,
  createdAt: str,
  lastUpdatedAt: str,
  // Integer milliseconds, or null for unlimited.
  ttlMs: { type: ['integer', 'null'] },
  pollIntervalMs: int,
};
const taskRequired = ['taskId', 'status', 'createdAt', 'lastUpdatedAt', 'ttlMs'];

export const taskDefs: Record<string, JsonSchema> = {
  Task: obj(taskMembers, taskRequired),
  /** Returned with `resultType: "task"` in place of the tools/call result. */
  CreateTaskResult: obj({ ...resultMembers, ...taskMembers }, ['resultType', ...taskRequired]),
  InputRequiredTask: { allOf: [ref('Task'), obj({ inputRequests: ref('InputRequests') }, ['inputRequests'])] },
  CompletedTask: { allOf: [ref('Task'), obj({ result: { type: 'object' } }, ['result'])] },
  FailedTask: { allOf: [ref('Task'), obj({ error: ref('Error') }, ['error'])] },
  DetailedTask: tagged('status', {
    working: 'Task',
    input_required: 'InputRequiredTask',
    completed: 'CompletedTask',
    failed: 'FailedTask',
    cancelled: 'Task',
  }),
  GetTaskResult: { allOf: [ref('Result'), ref('DetailedTask')] },
  TaskStatusNotification: obj(
    { jsonrpc: lit('2.0'), method: lit('notifications/tasks'), params: { allOf: [ref('NotificationParams'), ref('DetailedTask')] } },
    ['jsonrpc', 'method', 'params'],
  ),
};
