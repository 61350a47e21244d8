/** tools/call for the flawed server, including the MRTR flow of confirm_lookup (MRTR, SEP-2322). */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { City } from './catalogue.js';
import { isObject, RpcError, type Json, type RpcRequest } from './rpc.js';

export interface ToolContext {
  faults: ReadonlySet<string>;
  toolCalls: Record<string, number>;
  log: (line: string) => void;
  cities: City[];
}

const STATE_KEY = randomBytes(32);
const STATE_TTL_MS = 10 * 60_000;

/** requestState is attacker-controlled, so it is HMAC-signed and bound to the tool, the city and an expiry (MRTR). */
function signState(payload: Json): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', STATE_KEY).update(body).digest('base64url')}`;
}

function verifyState(state: unknown): Json | undefined {
  if (typeof state !== 'string') return undefined;
  const [body, mac] = state.split('.');
  if (!body || !mac) return undefined;
  const expected = createHmac('sha256', STATE_KEY).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return isObject(payload) && typeof payload['exp'] === 'number' && payload['exp'] > Date.now() ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** Structured content mirrored as serialized JSON in a text block, for older clients (TOOLS §structured content, SHOULD). */
function structured(ctx: ToolContext, value: Json, prose: string): Json {
  const text = ctx.faults.has('text-mirror-missing') ? prose : JSON.stringify(value);
  return { content: [{ type: 'text', text }], structuredContent: value };
}

function cityResult(ctx: ToolContext, city: City): Json {
  return structured(ctx, { ...city }, `${city.name} is in ${city.country}.`);
}

/** Bad input values and business failures are execution errors: an isError result the model can read (TOOLS §error handling). */
function toolError(ctx: ToolContext, text: string): Json {
  if (ctx.faults.has('tool-errors-as-rpc')) throw new RpcError(-32603, `Internal error: ${text}`);
  return { content: [{ type: 'text', text }], isError: true };
}

class BadArgument extends Error {}

function nameArg(args: Json): string {
  const name = args['name'];
  if (typeof name !== 'string' || name === '') throw new BadArgument('arguments.name must be a non-empty string, e.g. "Lisbon".');
  return name;
}

function findCity(ctx: ToolContext, name: string): City | undefined {
  return ctx.cities.find((c) => c.name.toLowerCase() === name.toLowerCase());
}

function askConfirmation(name: string): Json {
  return {
    resultType: 'input_required',
    inputRequests: {
      confirm: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: `Look up ${name}?`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Confirm the lookup' } }, required: ['confirm'] },
        },
      },
    },
    requestState: signState({ tool: 'confirm_lookup', name, exp: Date.now() + STATE_TTL_MS }),
  };
}

function confirmLookup(request: RpcRequest, args: Json, ctx: ToolContext): Json {
  // Never ask for input the client did not declare on this very request (MRTR server rules, -32021).
  if (!isObject(request.clientCapabilities['elicitation']) && !ctx.faults.has('capability-unchecked')) {
    throw new RpcError(-32021, 'Missing required client capability: elicitation', { requiredCapabilities: { elicitation: {} } }, 400);
  }
  const name = nameArg(args);
  const { requestState, inputResponses } = request.params;
  if (requestState === undefined) return askConfirmation(name);
  const state = verifyState(requestState);
  if (!state || state['tool'] !== 'confirm_lookup' || state['name'] !== name) {
    throw new RpcError(-32602, 'Invalid params: requestState failed verification');
  }
  if (inputResponses !== undefined && !isObject(inputResponses)) throw new RpcError(-32602, 'Invalid params: inputResponses must be an object');
  const answer = inputResponses?.['confirm'];
  if (answer === undefined) return askConfirmation(name);
  if (!isObject(answer) || typeof answer['action'] !== 'string') throw new RpcError(-32602, 'Invalid params: inputResponses.confirm must be an ElicitResult');
  const confirmed = answer['action'] === 'accept' && isObject(answer['content']) && answer['content']['confirm'] === true;
  if (!confirmed) return toolError(ctx, `The user did not confirm the lookup of ${name}.`);
  const city = findCity(ctx, name);
  return city ? cityResult(ctx, city) : toolError(ctx, `Unknown city: ${name}. Call list_cities for the known names.`);
}

export function callTool(request: RpcRequest, ctx: ToolContext): Json {
  const name = request.params['name'];
  if (typeof name !== 'string') throw new RpcError(-32602, 'Invalid params: tools/call needs a string name');
  const args = request.params['arguments'] ?? {};
  if (!isObject(args)) throw new RpcError(-32602, 'Invalid params: arguments must be an object');
  const known = ['lookup_city', 'list_cities', 'confirm_lookup', 'delete_city'];
  if (!known.includes(name)) {
    if (ctx.faults.has('unknown-tool-result')) return { content: [{ type: 'text', text: `Unknown tool: ${name}` }], isError: true };
    // An unknown tool is a protocol error, -32602 (TOOLS §error handling).
    throw new RpcError(ctx.faults.has('error-code-reserved') ? -32050 : -32602, `Unknown tool: ${name}`);
  }
  ctx.toolCalls[name] = (ctx.toolCalls[name] ?? 0) + 1;
  try {
    return runTool(name, request, args, ctx);
  } catch (err) {
    if (err instanceof BadArgument) return toolError(ctx, `Invalid arguments for ${name}: ${err.message}`);
    throw err;
  }
}

function runTool(name: string, request: RpcRequest, args: Json, ctx: ToolContext): Json {
  switch (name) {
    case 'lookup_city': {
      const found = findCity(ctx, nameArg(args));
      // The optional filters declared with x-mcp-header (catalogue.ts): a city outside them is not a match.
      const city =
        found &&
        (typeof args['country'] !== 'string' || found.country === args['country']) &&
        (typeof args['minPopulation'] !== 'number' || found.population >= args['minPopulation'])
          ? found
          : undefined;
      return city ? cityResult(ctx, city) : toolError(ctx, `Unknown city: ${String(args['name'])}. Call list_cities for the known names.`);
    }
    case 'list_cities': {
      const names = ctx.cities.map((c) => c.name);
      const out = ctx.faults.has('structured-content-invalid') ? { cities: names.join(', ') } : { cities: names };
      return structured(ctx, out, `Known cities: ${names.join(', ')}.`);
    }
    case 'confirm_lookup':
      return confirmLookup(request, args, ctx);
    default: {
      const target = nameArg(args);
      ctx.log(`CALLED delete_city ${target}`);
      const index = ctx.cities.findIndex((c) => c.name.toLowerCase() === target.toLowerCase());
      if (index >= 0) ctx.cities.splice(index, 1);
      return { content: [{ type: 'text', text: index >= 0 ? `Deleted ${target}.` : `No city named ${target}; nothing deleted.` }] };
    }
  }
}
