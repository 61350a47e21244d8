import { isDeepStrictEqual } from 'node:util';
import { runValidator } from '../../core/json-schema.js';
import { parseBounded } from '../../core/json-depth.js';
import { resultOf } from '../../target/client.js';
import type { JsonObject } from '../../target/envelope.js';
import type { Exchange } from '../../target/transport.js';
import type { ToolInfo } from '../support/tools.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { errorLines, OutputValidator } from './support.js';
import { objects } from '../../spec/read.js';

const MAX_TOOLS = 10;

interface Completed {
  tool: ToolInfo;
  ex: Exchange;
  result: JsonObject;
}

/** Calls safe tools and keeps the final, successful results (not input_required, not isError). */
async function completedCalls(t: CheckContext, only?: (tool: ToolInfo) => boolean): Promise<{ calls: Completed[]; tried: number }> {
  const callable = (await t.shared.callableTools()).filter(({ tool }) => !only || only(tool)).slice(0, MAX_TOOLS);
  const calls: Completed[] = [];
  for (const { tool, args } of callable) {
    const ex = await t.request('tools/call', { name: tool.name, arguments: args });
    const result = resultOf(ex);
    if (result && result.resultType !== 'input_required' && result.isError !== true) calls.push({ tool, ex, result });
  }
  return { calls, tried: callable.length };
}

export const structuredContentValid: CheckDefinition = {
  id: 'results/structured-content-valid',
  title: "structuredContent conforms to the tool's outputSchema",
  level: 'MUST',
  spec: since2026(
    'server/tools#output-schema',
    'When a tool declares an outputSchema, its successful results carry structuredContent that validates against it.',
    2106,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'structured-content-invalid' }],
  requires: 'tools',
  async run(t) {
    const { calls, tried } = await completedCalls(t, (tool) => tool.outputSchema !== undefined);
    if (!tried) return t.precondition('no safely callable tool declares an outputSchema', 'Allow tools with --allow-tool GLOB to test this.');
    if (!calls.length) return t.precondition(`none of the ${tried} tools with an outputSchema returned a successful result to validate`);
    const validator = new OutputValidator();
    const skipped: string[] = [];
    let validated = 0;
    for (const { tool, ex, result } of calls) {
      const compiled = validator.compile(tool.outputSchema);
      if ('skipped' in compiled) {
        skipped.push(`${tool.name}: ${compiled.skipped}`);
        continue;
      }
      validated++;
      if (!('structuredContent' in result)) {
        t.fail({
          message: `${tool.name} declares an outputSchema but its result has no structuredContent`,
          expected: 'structuredContent valid against the outputSchema',
          actual: `result keys: ${Object.keys(result).join(', ')}`,
          evidence: ex.evidence,
        });
        continue;
      }
      const ok = runValidator(compiled.validate, result.structuredContent);
      if (ok !== true && ok !== false) {
        validated--;
        skipped.push(`${tool.name}: ${ok.notJudged}`);
      } else if (!ok)
        t.fail({
          message: `${tool.name}: structuredContent does not match its outputSchema`,
          expected: 'structuredContent valid against the outputSchema',
          actual: `${errorLines(compiled.validate).slice(0, 3).join('; ')} in ${JSON.stringify(result.structuredContent).slice(0, 120)}`,
          evidence: ex.evidence,
        });
    }
    if (!validated) return t.precondition(`no outputSchema could be used: ${skipped.join('; ')}`);
    t.note(`${validated} result(s) validated${skipped.length ? `; not validated: ${skipped.join('; ')}` : ''}`);
  },
};

/** A text block that parses to the same JSON value as the structured content. */
function mirrors(result: JsonObject): boolean {
  return objects(result.content).some((c) => {
    if (c.type !== 'text' || typeof c.text !== 'string') return false;
    try {
      return isDeepStrictEqual(parseBounded(c.text), result.structuredContent);
    } catch {
      return false;
    }
  });
}

export const structuredContentText: CheckDefinition = {
  id: 'results/structured-content-text',
  title: 'structured results also carry their JSON in a text block',
  level: 'SHOULD',
  spec: since2026(
    'server/tools#structured-content',
    'For backwards compatibility a tool returning structuredContent should also return the serialized JSON in a TextContent block.',
    2106,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'text-mirror-missing' }],
  requires: 'tools',
  async run(t) {
    const { calls, tried } = await completedCalls(t);
    if (!tried) return t.precondition('no tool is safe to call (none is annotated readOnlyHint: true)', 'Allow tools with --allow-tool GLOB to test this.');
    const structured = calls.filter((c) => 'structuredContent' in c.result);
    if (!structured.length) return t.precondition(`none of the ${tried} callable tools returned structuredContent`);
    const bare = structured.filter((c) => !mirrors(c.result));
    if (bare.length)
      t.fail({
        message: `${bare.length} of ${structured.length} structured results have no text block holding the same JSON: ${bare.map((b) => b.tool.name).join(', ')}`,
        expected: 'a content item { "type": "text", "text": JSON.stringify(structuredContent) }',
        actual: bare
          .slice(0, 3)
          .map((b) => `${b.tool.name}: ${JSON.stringify(b.result.content).slice(0, 100)}`)
          .join('; '),
        evidence: bare.flatMap((b) => b.ex.evidence),
        hint: 'Clients that predate structuredContent only read content; give them the same data as JSON text.',
      });
    else t.note(`${structured.length} structured result(s) mirrored as text`);
  },
};
