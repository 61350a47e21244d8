import { ERROR } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import { obj } from '../../spec/read.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

const MAX_TOOLS = 10;
/** A value of another JSON type than the one a property declares. */
const WRONG: Record<string, unknown> = {
  string: 12345,
  integer: 'not-a-number',
  number: 'not-a-number',
  boolean: 'not-a-boolean',
  object: 'not-an-object',
  array: 'not-an-array',
  null: 'not-null',
};

/**
 * Arguments that break a tool's inputSchema at the top level: a required (else any) typed property gets a value of
 * the wrong type. Undefined when the schema gives nothing to break. Deep schemas are not walked.
 */
export function violatingArgs(schema: unknown, valid: JsonObject): { args: JsonObject; how: string } | undefined {
  // An array schema gives nothing to break either.
  const s = obj(schema);
  if (!s) return undefined;
  const props = s.properties && typeof s.properties === 'object' ? (s.properties as Record<string, JsonObject | undefined>) : {};
  const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
  // Header-mirrored properties (x-mcp-header) are left alone: their Mcp-Param-* rules are the http-headers checks' business.
  const typed = (k: string) => {
    const p = props[k] ?? {};
    return typeof p.type === 'string' && p.type in WRONG && !('$ref' in p) && !('x-mcp-header' in p) ? p.type : undefined;
  };
  const key = [...required, ...Object.keys(props)].find((k) => typed(k));
  if (!key) return undefined;
  const type = typed(key)!;
  return { args: { ...valid, [key]: WRONG[type] }, how: `${key} given ${JSON.stringify(WRONG[type])} where the schema says ${type}` };
}

export const executionErrorIsResult: CheckDefinition = {
  id: 'results/execution-error-is-result',
  title: 'a tool that fails reports it as an isError result, not a JSON-RPC error',
  level: 'SHOULD',
  spec: since2026(
    'server/tools#error-handling',
    'Errors that originate in the tool (bad input values, API or business failures) should be a CallToolResult with isError: true, so the model can read and correct them; -32602 stays acceptable for arguments that break the schema.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'tool-errors-as-rpc' }],
  requires: 'tools',
  async run(t) {
    const callable = (await t.shared.callableTools()).slice(0, MAX_TOOLS);
    if (!callable.length)
      return t.precondition('no tool is safe to call (none is annotated readOnlyHint: true)', 'Allow tools with --allow-tool GLOB to test this.');
    let inResult = 0;
    let invalidParams = 0;
    for (const { tool, args } of callable) {
      const bad = violatingArgs(tool.inputSchema, args);
      if (!bad) continue;
      const ex = await t.request('tools/call', { name: tool.name, arguments: bad.args });
      if (ex.failure && !ex.response) return t.inconclusive(`${tool.name}: ${ex.failure.message}`, ex.evidence);
      if (resultOf(ex)?.isError === true) inResult++;
      const code = errorOf(ex)?.code;
      if (code === undefined || code === ERROR.missingClientCapability) continue;
      // The schema lists invalid tool arguments under -32602 while the tools page calls them execution errors: both pass.
      if (code === ERROR.invalidParams) {
        invalidParams++;
        continue;
      }
      t.fail({
        message: `${tool.name} called with ${bad.how}: the failure came back as a JSON-RPC error`,
        expected: 'a result with isError: true and a message the model can act on (or -32602 for schema-breaking arguments)',
        actual: describe(ex),
        evidence: ex.evidence,
        hint: 'Catch failures inside the tool and return { isError: true, content: [{ type: "text", text: "what went wrong" }] }.',
      });
    }
    if (!inResult && !invalidParams) return t.precondition('no safe call with schema-breaking arguments produced an error to judge');
    t.note(`${inResult} isError result(s), ${invalidParams} -32602 answer(s) to schema-breaking arguments`);
  },
};
