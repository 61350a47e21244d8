import { describe, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { Exchange } from '../../target/transport.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { requireTasks, taskProblems, TASKS_CAPABILITIES, TERMINAL } from './support.js';

const MAX_TOOLS = 8;

/** The first safe tool that answers with a task when the extension is declared. */
async function createTask(t: CheckContext): Promise<{ name: string; ex: Exchange; task: JsonObject } | undefined> {
  for (const { tool, args } of (await t.shared.callableTools()).slice(0, MAX_TOOLS)) {
    const ex = await t.request('tools/call', { name: tool.name, arguments: args }, { clientCapabilities: TASKS_CAPABILITIES });
    const r = resultOf(ex);
    if (r?.resultType === 'task') return { name: tool.name, ex, task: r };
  }
  return undefined;
}

export const taskLifecycle: CheckDefinition = {
  id: 'tasks/lifecycle',
  title: 'a task is durable at creation, reports valid states, and stays terminal once terminal',
  level: 'MUST',
  spec: since2026(
    'extensions/tasks',
    'A CreateTaskResult (resultType "task") is returned only once tasks/get on its id succeeds; tasks/get answers resultType "complete" with a valid status and that status\'s payload (result, error, inputRequests); completed, failed and cancelled are final; tasks/cancel is acknowledged with an empty result.',
    2663,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flows', fault: 'task-not-durable' },
    { fixture: 'flows', fault: 'tasks-bad-status' },
  ],
  async run(t) {
    requireTasks(t);
    if (!(await t.shared.callableTools()).length)
      t.precondition('no tool is safe to call (none is annotated readOnlyHint: true)', 'Allow tools with --allow-tool GLOB to test tasks.');
    const made = await createTask(t);
    if (!made)
      return t.precondition(
        'no safe tool answered with a task (resultType "task") with the extension declared; the server decides per request, so there is no task to follow',
      );
    const problems = taskProblems(made.task, 'create');
    if (problems.length)
      t.fail({
        message: `${made.name}: malformed CreateTaskResult: ${problems.join('; ')}`,
        expected: 'a Task with resultType "task"',
        actual: JSON.stringify(made.task).slice(0, 200),
        evidence: made.ex.evidence,
      });
    const taskId = made.task.taskId;
    if (typeof taskId !== 'string') return;
    const get = () => t.request('tasks/get', { taskId }, { clientCapabilities: TASKS_CAPABILITIES });
    const deadline = performance.now() + t.timeouts.taskFollow;
    let last: string | undefined;
    let terminalAt: Exchange | undefined;
    for (let poll = 0; ; poll++) {
      const ex = await get();
      const r = resultOf(ex);
      if (!r) {
        if (ex.failure) t.inconclusive(`tasks/get: ${describe(ex)}`, ex.evidence);
        const why = poll === 0 ? 'right after creation (a task must be durable before CreateTaskResult is sent)' : `after ${poll} successful polls`;
        return t.fail({
          message: `tasks/get for ${taskId} failed ${why}`,
          expected: 'the task',
          actual: describe(ex),
          evidence: [...made.ex.evidence, ...ex.evidence],
        });
      }
      const p = taskProblems(r, 'get');
      if (r.taskId !== taskId) p.push(`taskId ${JSON.stringify(r.taskId)} is not ${JSON.stringify(taskId)}`);
      if (terminalAt && r.status !== last) p.push(`status moved from terminal "${last}" to ${JSON.stringify(r.status)}`);
      if (p.length)
        return t.fail({
          message: `tasks/get (poll ${poll + 1}): ${p.join('; ')}`,
          expected: 'a DetailedTask with resultType "complete"',
          actual: JSON.stringify(r).slice(0, 200),
          evidence: [...(terminalAt?.evidence ?? []), ...ex.evidence],
        });
      last = String(r.status);
      if (terminalAt) return t.note(`${made.name}: task ${taskId} reached "${last}" and stayed there`);
      if (TERMINAL.has(last)) terminalAt = ex;
      else if (last === 'input_required' || performance.now() > deadline) break;
      else await new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(50, Number(r.pollIntervalMs) || 200))));
    }
    // Not finished within the window (or waiting for input): cancel it, which must be acknowledged.
    const cancel = await t.request('tasks/cancel', { taskId }, { clientCapabilities: TASKS_CAPABILITIES });
    const ack = resultOf(cancel);
    if (!ack || ack.resultType !== 'complete')
      return t.fail({
        message: `tasks/cancel for a ${last} task was not acknowledged with an empty result`,
        expected: 'a result with resultType "complete"',
        actual: describe(cancel),
        evidence: cancel.evidence,
      });
    t.note(`${made.name}: task ${taskId} still "${last}" at the end of the window; cancelled`);
  },
};

export const noTaskWithoutExtension: CheckDefinition = {
  id: 'tasks/no-task-without-extension',
  title: 'no task is returned to a request that did not declare the Tasks extension',
  level: 'MUST',
  spec: since2026(
    'extensions/tasks',
    'A server never answers with a CreateTaskResult when the request itself did not declare io.modelcontextprotocol/tasks, whatever earlier requests declared; it serves the call directly or returns -32021.',
    2663,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flows', fault: 'task-without-extension' }],
  async run(t) {
    requireTasks(t);
    const tools = (await t.shared.callableTools()).slice(0, MAX_TOOLS);
    if (!tools.length) t.precondition('no tool is safe to call (none is annotated readOnlyHint: true)', 'Allow tools with --allow-tool GLOB to test tasks.');
    for (const { tool, args } of tools) {
      const ex = await t.request('tools/call', { name: tool.name, arguments: args }, { clientCapabilities: {} });
      const r = resultOf(ex);
      if (r?.resultType === 'task')
        t.fail({
          message: `${tool.name} answered with a task although the request did not declare the Tasks extension`,
          expected: 'the tool result, or -32021 naming the extension',
          actual: `resultType "task", taskId ${JSON.stringify(r.taskId)}`,
          evidence: ex.evidence,
        });
    }
    t.note(`${tools.length} safe tool(s) called without the extension`);
  },
};
