import { randomBytes } from 'node:crypto';
import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

export const unknownTool: CheckDefinition = {
  id: 'tools/unknown-tool',
  title: 'calling an unknown tool gets -32602, not a tool result',
  level: 'MUST',
  spec: since2026(
    'server/tools#error-handling',
    'An unknown tool name is a protocol error: a JSON-RPC error with -32602 (Invalid params), never a CallToolResult.',
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'error-code-reserved' },
    { fixture: 'flawed-server', fault: 'unknown-tool-result' },
  ],
  requires: 'tools',
  async run(t) {
    const known = new Set((await t.shared.tools()).map((x) => x.name));
    let name = `mcp-assay-no-such-tool-${randomBytes(4).toString('hex')}`;
    while (known.has(name)) name += '-x';
    // Nothing runs: the name is one the server never listed.
    const ex = await t.request('tools/call', { name, arguments: {} });
    if (ex.failure && !ex.response) return t.inconclusive(`tools/call ${name}: ${ex.failure.message}`, ex.evidence);
    const code = errorOf(ex)?.code;
    if (code === ERROR.invalidParams) return;
    const r = resultOf(ex);
    t.fail({
      message: r
        ? `tools/call of the unknown tool ${name} returned a ${r.isError === true ? 'tool result with isError' : 'result'} instead of a protocol error`
        : `tools/call of the unknown tool ${name} answered ${describe(ex)}`,
      expected: 'error -32602 (Invalid params)',
      actual: describe(ex),
      evidence: ex.evidence,
      hint: 'Look the tool up before running anything and answer a missing name with -32602; isError is for failures inside a tool.',
    });
  },
};
