/** Method handlers of the flawed server. Results get their envelope (resultType, cache hints) in core.ts. */
import { CITIES, PROMPTS, RESOURCE_TEMPLATES, RESOURCES, toolList, type City } from './catalogue.js';
import { callTool } from './tools.js';
import { isObject, MODERN_VERSION, RpcError, type Json, type RpcRequest } from './rpc.js';

export interface MethodContext {
  faults: ReadonlySet<string>;
  toolCalls: Record<string, number>;
  log: (line: string) => void;
  /** tools/list calls so far, for `tools-order-unstable`. */
  listCalls: number;
  cities: City[];
}

export type MethodOutcome = { result: Json } | { stream: 'huge-body' | 'endless-sse' | 'hang' };
type Handler = (request: RpcRequest, ctx: MethodContext) => MethodOutcome;

/** We never hand out cursors, so any cursor is invalid (-32602). */
function rejectCursor(request: RpcRequest): void {
  if (request.params['cursor'] !== undefined) throw new RpcError(-32602, 'Invalid params: unknown cursor');
}

function notFound(uri: string, ctx: MethodContext): MethodOutcome {
  if (ctx.faults.has('resource-missing-empty')) return { result: { contents: [] } };
  // 2026-07-28 moved resource-not-found from -32002 to -32602, with the URI in data (RES, CL minor 6).
  const code = ctx.faults.has('resource-missing-legacy-code') ? -32002 : -32602;
  throw new RpcError(code, `Resource not found: ${uri}`, { uri });
}

function readResource(request: RpcRequest, ctx: MethodContext): MethodOutcome {
  const uri = request.params['uri'];
  if (typeof uri !== 'string') throw new RpcError(-32602, 'Invalid params: resources/read needs a string uri');
  if (uri === 'cities://index') {
    return { result: { contents: [{ uri, mimeType: 'text/plain', text: ctx.cities.map((c) => c.name).join('\n') }] } };
  }
  const match = /^cities:\/\/city\/(.+)$/.exec(uri);
  let name: string | undefined;
  try {
    name = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
  } catch {
    name = undefined;
  }
  const city = name === undefined ? undefined : ctx.cities.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!city) return notFound(uri, ctx);
  return { result: { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(city) }] } };
}

function getPrompt(request: RpcRequest, ctx: MethodContext): MethodOutcome {
  const name = request.params['name'];
  if (name !== 'plan_trip') throw new RpcError(-32602, `Unknown prompt: ${String(name)}`);
  const args = request.params['arguments'];
  const city = isObject(args) ? args['city'] : undefined;
  if (typeof city !== 'string' || city === '') throw new RpcError(-32602, 'Invalid params: missing required argument "city"');
  const facts = ctx.cities.find((c) => c.name.toLowerCase() === city.toLowerCase());
  const text = `Plan one day in ${city}.${facts ? ` Facts: ${JSON.stringify(facts)}` : ''}`;
  return { result: { description: `A day in ${city}`, messages: [{ role: 'user', content: { type: 'text', text } }] } };
}

export const METHODS: Record<string, Handler> = {
  'server/discover': (_request, ctx) => ({
    result: {
      supportedVersions: ctx.faults.has('discover-missing-version') ? ['2025-11-25'] : [MODERN_VERSION],
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: 'City facts. Read-only tools except delete_city, which is destructive.',
    },
  }),
  'tools/list': (request, ctx) => {
    rejectCursor(request);
    if (ctx.faults.has('hang')) return { stream: 'hang' };
    if (ctx.faults.has('endless-sse')) return { stream: 'endless-sse' };
    if (ctx.faults.has('huge-body')) return { stream: 'huge-body' };
    const tools = toolList(ctx.faults);
    if (ctx.faults.has('tools-order-unstable')) {
      const shift = ctx.listCalls % tools.length;
      tools.push(...tools.splice(0, shift));
    }
    ctx.listCalls++;
    return { result: { tools } };
  },
  'tools/call': (request, ctx) => ({ result: callTool(request, ctx) }),
  'resources/list': (request) => {
    rejectCursor(request);
    return { result: { resources: RESOURCES.map((r) => ({ ...r })) } };
  },
  'resources/templates/list': (request) => {
    rejectCursor(request);
    return { result: { resourceTemplates: RESOURCE_TEMPLATES.map((t) => ({ ...t })) } };
  },
  'resources/read': readResource,
  'prompts/list': (request) => {
    rejectCursor(request);
    return { result: { prompts: PROMPTS.map((p) => ({ ...p, arguments: p.arguments.map((a) => ({ ...a })) })) } };
  },
  'prompts/get': getPrompt,
};

export function initialCities(): City[] {
  return CITIES.map((c) => ({ ...c }));
}
