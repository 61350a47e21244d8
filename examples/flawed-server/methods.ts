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

/** resources/list is paginated (PAGINATION); the other lists fit on one page. */
const RESOURCE_PAGE = 4;

function encodeCursor(offset: number): string {
  return Buffer.from(`resources/list:${offset}`).toString('base64url');
}

/** Where a list starts: 0 without a cursor; a cursor we never issued is -32602 (PAGINATION §error handling). */
function startOf(request: RpcRequest, ctx: MethodContext, total: number): number {
  const cursor = request.params['cursor'];
  if (cursor === undefined) return 0;
  const match = typeof cursor === 'string' ? /^resources\/list:(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  const offset = match ? Number(match[1]) : NaN;
  if (encodeCursor(offset) === cursor && offset > 0 && offset < total) return offset;
  if (ctx.faults.has('cursor-ignored')) return 0;
  throw new RpcError(-32602, 'Invalid params: unknown cursor');
}

function notFound(uri: string, ctx: MethodContext): MethodOutcome {
  if (ctx.faults.has('resource-missing-empty')) return { result: { contents: [] } };
  // 2026-07-28 moved resource-not-found from -32002 to -32602, with the URI in data (RES, CL minor 6).
  const code = ctx.faults.has('resource-missing-legacy-code') ? -32002 : -32602;
  throw new RpcError(code, `Resource not found: ${uri}`, { uri });
}

function cityUri(city: City): string {
  return `cities://city/${encodeURIComponent(city.name)}`;
}

function listResources(request: RpcRequest, ctx: MethodContext): MethodOutcome {
  const all: Json[] = [
    ...RESOURCES.map((r) => ({ ...r })),
    ...ctx.cities.map((c) => ({ uri: cityUri(c), name: `city-${c.name.toLowerCase()}`, title: c.name, mimeType: 'application/json' })),
  ];
  if (ctx.faults.has('resources-list-invalid')) for (const r of all) delete r['name'];
  const start = startOf(request, ctx, all.length);
  const end = start + RESOURCE_PAGE;
  return { result: { resources: all.slice(start, end), ...(end < all.length ? { nextCursor: encodeCursor(end) } : {}) } };
}

function readResource(request: RpcRequest, ctx: MethodContext): MethodOutcome {
  const uri = request.params['uri'];
  if (typeof uri !== 'string') throw new RpcError(-32602, 'Invalid params: resources/read needs a string uri');
  // Contents name the URI that was read (RES §reading resources).
  const contentsUri = ctx.faults.has('resource-read-wrong-uri') ? `${uri}/` : uri;
  if (uri === 'cities://index') {
    return { result: { contents: [{ uri: contentsUri, mimeType: 'text/plain', text: ctx.cities.map((c) => c.name).join('\n') }] } };
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
  return { result: { contents: [{ uri: contentsUri, mimeType: 'application/json', text: JSON.stringify(city) }] } };
}

function getPrompt(request: RpcRequest, ctx: MethodContext): MethodOutcome {
  const name = request.params['name'];
  // Unknown prompt and missing required arguments are -32602 (PROMPTS §error handling).
  if (name !== 'plan_trip') throw new RpcError(ctx.faults.has('prompt-unknown-wrong-code') ? -32601 : -32602, `Unknown prompt: ${String(name)}`);
  const args = request.params['arguments'];
  let city = isObject(args) ? args['city'] : undefined;
  if (typeof city !== 'string' || city === '') {
    if (!ctx.faults.has('prompt-missing-argument-served')) throw new RpcError(-32602, 'Invalid params: missing required argument "city"');
    city = 'somewhere';
  }
  const wanted = String(city).toLowerCase();
  const facts = ctx.cities.find((c) => c.name.toLowerCase() === wanted);
  const text = `Plan one day in ${String(city)}.${facts ? ` Facts: ${JSON.stringify(facts)}` : ''}`;
  const role = ctx.faults.has('prompt-messages-invalid') ? 'system' : 'user';
  return { result: { description: `A day in ${String(city)}`, messages: [{ role, content: { type: 'text', text } }] } };
}

/** completion/complete for the plan_trip city and the city template's name (COMPLETION). */
function complete(request: RpcRequest, ctx: MethodContext): MethodOutcome {
  if (ctx.faults.has('completion-unimplemented')) throw new RpcError(-32601, 'Method not found: completion/complete', undefined, 404);
  const { ref, argument } = request.params;
  if (!isObject(ref) || !isObject(argument) || typeof argument['name'] !== 'string' || typeof argument['value'] !== 'string') {
    throw new RpcError(-32602, 'Invalid params: completion/complete needs ref and argument {name, value}');
  }
  const known =
    (ref['type'] === 'ref/prompt' && ref['name'] === 'plan_trip') || (ref['type'] === 'ref/resource' && ref['uri'] === RESOURCE_TEMPLATES[0]?.uriTemplate);
  if (!known) throw new RpcError(-32602, 'Invalid params: unknown prompt or resource template');
  const completes = argument['name'] === (ref['type'] === 'ref/prompt' ? 'city' : 'name');
  const prefix = argument['value'].toLowerCase();
  const values = completes ? ctx.cities.map((c) => c.name).filter((n) => n.toLowerCase().startsWith(prefix)) : [];
  const shown = ctx.faults.has('completion-invalid') ? values.map((value) => ({ value })) : values;
  return { result: { completion: { values: shown, total: values.length, hasMore: false } } };
}

export const METHODS: Record<string, Handler> = {
  'server/discover': (_request, ctx) => ({
    result: {
      supportedVersions: ctx.faults.has('discover-missing-version') ? ['2025-11-25'] : [MODERN_VERSION],
      capabilities: { tools: {}, resources: {}, prompts: {}, ...(ctx.faults.has('completion-unadvertised') ? {} : { completions: {} }) },
      instructions: 'City facts. Read-only tools except delete_city, which is destructive.',
    },
  }),
  'tools/list': (request, ctx) => {
    startOf(request, ctx, 0);
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
  'resources/list': listResources,
  'resources/templates/list': (request, ctx) => {
    startOf(request, ctx, 0);
    const invalid = ctx.faults.has('templates-list-invalid');
    return {
      result: { resourceTemplates: RESOURCE_TEMPLATES.map(({ uriTemplate, ...rest }) => (invalid ? { uri: uriTemplate, ...rest } : { uriTemplate, ...rest })) },
    };
  },
  'resources/read': readResource,
  'prompts/list': (request, ctx) => {
    startOf(request, ctx, 0);
    const invalid = ctx.faults.has('prompts-list-invalid');
    return {
      result: { prompts: PROMPTS.map((p) => ({ ...p, arguments: p.arguments.map((a) => ({ ...a, ...(invalid && a.required ? { required: 'yes' } : {}) })) })) },
    };
  },
  'prompts/get': getPrompt,
  'completion/complete': complete,
};

export function initialCities(): City[] {
  return CITIES.map((c) => ({ ...c }));
}
