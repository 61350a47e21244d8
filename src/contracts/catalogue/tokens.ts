/**
 * Token cost of the tool surface, as an estimate: characters / 4 of the compact JSON a client sends a model
 * for each tool (name, title, description, inputSchema), plus the server instructions. No tokenizer is used;
 * real counts vary by model and by how a client wraps tools, so every figure is labelled an estimate.
 */
import { setOwn } from '../shared/canonical.js';
import type { Catalogue, CatalogueTool } from './catalogue.js';

export const TOKEN_METHOD = 'estimate: ceil(characters / 4) of compact JSON {name, title, description, inputSchema} per tool, plus instructions';

export function toolTokens(t: CatalogueTool): number {
  const surface = { name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema };
  // Only the length counts, and ordering keys never changes it: the plain serialiser gives the canonical length.
  return Math.ceil((JSON.stringify(surface) ?? '').length / 4);
}

export interface TokenEstimate {
  method: string;
  total: number;
  tools: number;
  instructions: number;
  perTool: Record<string, number>;
  /** The five heaviest tools, heaviest first. */
  heaviest: { tool: string; tokens: number }[];
}

export function estimateTokens(c: Catalogue): TokenEstimate {
  const perTool: Record<string, number> = {};
  let tools = 0;
  for (const t of c.tools) {
    const n = toolTokens(t);
    setOwn(perTool, t.name, (Object.hasOwn(perTool, t.name) ? (perTool[t.name] as number) : 0) + n);
    tools += n;
  }
  const instructions = c.instructions ? Math.ceil(c.instructions.length / 4) : 0;
  const heaviest = Object.entries(perTool)
    .map(([tool, tokens]) => ({ tool, tokens }))
    .sort((a, b) => b.tokens - a.tokens || (a.tool < b.tool ? -1 : 1))
    .slice(0, 5);
  return { method: TOKEN_METHOD, total: tools + instructions, tools, instructions, perTool, heaviest };
}
