/**
 * What a single tools/call result says about its tool's contract: validity against `outputSchema`
 * (server/tools §output schema), the serialized-JSON text mirror (SHOULD), size and how it was returned.
 */
import { isDeepStrictEqual } from 'node:util';
import type { CatalogueTool } from '../catalogue/catalogue.js';
import { validateStructuredResult } from '../schema/validate.js';

export interface ResultJudgement {
  /** The tool reported a failure in the result (`isError: true`). */
  isError: boolean;
  hasOutputSchema: boolean;
  /** Problems against `outputSchema`; empty when it conforms or when there is no schema (or the result is an error). */
  schemaProblems: string[];
  /** Whether a text block carries the structured content's JSON; undefined when there is no structured content. */
  mirrored?: boolean;
  /** Bytes of the result serialized as JSON (UTF-8). */
  bytes: number;
  /** The result hands bulky data over as a `resource_link` or an embedded `resource` block. */
  linked: boolean;
}

type Obj = Record<string, unknown>;

function blocks(result: Obj): Obj[] {
  return Array.isArray(result.content) ? result.content.filter((c): c is Obj => !!c && typeof c === 'object' && !Array.isArray(c)) : [];
}

/** A text block that parses to the same JSON value as the structured content. */
export function mirrorsStructured(result: Obj): boolean {
  return blocks(result).some((c) => {
    if (c.type !== 'text' || typeof c.text !== 'string') return false;
    try {
      return isDeepStrictEqual(JSON.parse(c.text), result.structuredContent);
    } catch {
      return false;
    }
  });
}

export function resultBytes(result: unknown): number {
  return Buffer.byteLength(JSON.stringify(result) ?? '', 'utf8');
}

export function judgeToolResult(tool: CatalogueTool | undefined, result: Obj): ResultJudgement {
  const isError = result.isError === true;
  const hasOutputSchema = tool?.outputSchema !== undefined;
  const schemaProblems = hasOutputSchema && !isError && tool ? validateStructuredResult(tool, result.structuredContent) : [];
  return {
    isError,
    hasOutputSchema,
    schemaProblems,
    ...(result.structuredContent !== undefined ? { mirrored: mirrorsStructured(result) } : {}),
    bytes: resultBytes(result),
    linked: blocks(result).some((c) => c.type === 'resource_link' || c.type === 'resource'),
  };
}
