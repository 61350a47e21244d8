/**
 * Judging one example response from the config: a result that came back from a call, or one recorded in a file.
 * It must not be a tool error, must validate against the outputSchema, must mirror structured content as text
 * (server/tools "Structured Content"), and must contain the expected structured result when one is given.
 */
import { isDeepStrictEqual } from 'node:util';
import type { CatalogueTool } from '../catalogue/catalogue.js';
import { judgeToolResult } from './result-judge.js';
import type { RawFinding } from '../rules/rule-settings.js';

/** Where `expect` differs from `actual`: every key `expect` names must be there with the same value (objects recurse). */
export function subsetMismatch(expect: unknown, actual: unknown, at = ''): string | undefined {
  if (expect && typeof expect === 'object' && !Array.isArray(expect)) {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual))
      return `${at || '(root)'}: expected an object, got ${JSON.stringify(actual)?.slice(0, 60)}`;
    for (const [k, v] of Object.entries(expect)) {
      const m = subsetMismatch(v, (actual as Record<string, unknown>)[k], `${at}/${k}`);
      if (m) return m;
    }
    return undefined;
  }
  return isDeepStrictEqual(expect, actual)
    ? undefined
    : `${at || '(root)'}: expected ${JSON.stringify(expect)?.slice(0, 60)}, got ${JSON.stringify(actual)?.slice(0, 60)}`;
}

export interface ExampleOutcome {
  tool: string;
  index: number;
  /** `called` or `recorded <file>`. */
  source: string;
  result: Record<string, unknown>;
  expect?: unknown;
}

/** Problems with one example result; empty when it holds. */
export function exampleProblems(tool: CatalogueTool, o: ExampleOutcome): string[] {
  const j = judgeToolResult(tool, o.result);
  const out: string[] = [];
  if (j.isError) out.push('the result is a tool error (isError: true)');
  out.push(...j.schemaProblems.map((p) => `outputSchema: ${p}`));
  if (j.mirrored === false) out.push('no text block carries the structuredContent as serialized JSON');
  if (o.expect !== undefined && !j.isError) {
    const m = subsetMismatch(o.expect, o.result.structuredContent);
    if (m) out.push(`not the expected structured result: ${m}`);
  }
  return out;
}

export function exampleFinding(tool: CatalogueTool, o: ExampleOutcome): RawFinding | undefined {
  const problems = exampleProblems(tool, o);
  if (!problems.length) return undefined;
  return {
    ruleId: 'receipt/example-failed',
    subject: tool.name,
    location: `examples.${tool.name}[${o.index}]`,
    message: `example ${o.index + 1} (${o.source}): ${problems.slice(0, 5).join('; ')}`,
  };
}
