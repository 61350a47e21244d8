import { TASKS_EXTENSION } from '../../spec/constants.js';
import type { JsonObject } from '../../target/envelope.js';
import type { CheckContext } from '../types.js';
import { obj, field, str, oneOf } from '../../spec/read.js';

/** Client capabilities declaring the Tasks extension on one request (SEP-2663 §capability negotiation). */
export const TASKS_CAPABILITIES: JsonObject = { extensions: { [TASKS_EXTENSION]: {} } };

export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** A task id no server has handed out. */
export function unknownTaskId(): string {
  return `mcp-assay-no-such-task-${Math.random().toString(36).slice(2, 10)}`;
}

/** The Tasks checks apply only when server/discover advertises the extension. */
export function requireTasks(t: CheckContext): void {
  const ext = obj(t.shared.discoverCapabilities()?.extensions);
  // An optional extension the server does not offer: nothing to judge, not a missing prerequisite.
  if (!ext || typeof ext !== 'object' || !(TASKS_EXTENSION in ext))
    t.skip(`server/discover does not advertise extensions["${TASKS_EXTENSION}"], so the Tasks extension does not apply`);
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Problems with a Task (from CreateTaskResult or tasks/get): fields, status, and the payload each status carries
 * (SEP-2663 §tasks, §task polling).
 */
const nonNegativeInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function taskProblems(r: JsonObject, kind: 'create' | 'get'): string[] {
  const out: string[] = [];
  const want = kind === 'create' ? 'task' : 'complete';
  if (r.resultType !== want) out.push(`resultType ${JSON.stringify(r.resultType)}, not "${want}"`);
  if (typeof r.taskId !== 'string' || !r.taskId) out.push('taskId is not a non-empty string');
  if (!oneOf(r.status, TASK_STATUSES)) out.push(`status ${JSON.stringify(r.status)} is not one of ${TASK_STATUSES.join(', ')}`);
  for (const k of ['createdAt', 'lastUpdatedAt']) {
    const v = str(r[k]);
    if (v === undefined || !ISO_8601.test(v) || Number.isNaN(Date.parse(v))) out.push(`${k} ${JSON.stringify(r[k])} is not an ISO 8601 time`);
  }
  if (!(r.ttlMs === null || nonNegativeInt(r.ttlMs))) out.push(`ttlMs ${JSON.stringify(r.ttlMs)} is neither a non-negative integer nor null`);
  if (r.pollIntervalMs !== undefined && !nonNegativeInt(r.pollIntervalMs))
    out.push(`pollIntervalMs ${JSON.stringify(r.pollIntervalMs)} is not a non-negative integer`);
  if (kind === 'get') {
    if (r.status === 'completed' && !obj(r.result)) out.push('a completed task without its result');
    if (r.status === 'failed' && !(obj(r.error) && Number.isInteger(field(r.error, 'code')))) out.push('a failed task without its JSON-RPC error');
    if (r.status === 'input_required' && !obj(r.inputRequests)) out.push('an input_required task without inputRequests');
  }
  return out;
}
