import type { JsonObject } from '../../target/envelope.js';
import { matchesAny } from './globs.js';
import { obj } from '../../spec/read.js';

export interface ToolInfo {
  name: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: JsonObject;
  raw: JsonObject;
}

export function toolsFrom(list: unknown[]): ToolInfo[] {
  const out: ToolInfo[] = [];
  for (const t of list) {
    const o = obj(t);
    if (typeof o?.name !== 'string') continue;
    out.push({
      name: o.name,
      inputSchema: o.inputSchema,
      outputSchema: o.outputSchema,
      ...(o.annotations && typeof o.annotations === 'object' ? { annotations: o.annotations as JsonObject } : {}),
      raw: o,
    });
  }
  return out;
}

/**
 * Safety rule: the harness calls a tool only when the server says it is read-only, or the user allowed it by name.
 * No annotation means "may write" (readOnlyHint defaults to false, DIGEST §g).
 */
export function isCallable(tool: ToolInfo, allowTools: readonly string[]): boolean {
  return tool.annotations?.readOnlyHint === true || matchesAny(tool.name, allowTools);
}
