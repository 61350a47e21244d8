import { ERROR, HEADER } from '../../spec/constants.js';
import { describe, errorOf } from '../../target/client.js';
import { entries, field, obj, objects, oneOf } from '../../spec/read.js';
import { encodeHeaderValue, type JsonObject } from '../../target/envelope.js';
import type { Exchange } from '../../target/transport.js';
import { resolvePointer, sampleArgs } from '../support/sample-args.js';
import type { ToolInfo } from '../support/tools.js';
import { Slices } from '../support/slices.js';
import type { CheckContext } from '../types.js';

export const X_MCP_HEADER = 'x-mcp-header';

/** RFC 9110 token: one or more tchar (HTTP §x-mcp-header rules). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const ALLOWED_TYPES = ['string', 'integer', 'boolean'] as const;
export type HeaderParamType = (typeof ALLOWED_TYPES)[number];

/** Keywords whose values are data, not subschemas: never walked. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'examples', 'default', 'required']);
const MAX_NODES = 20_000;

export interface HeaderDeclaration {
  /** The header suffix: `Mcp-Param-{header}`. */
  header: string;
  /** Property names from the root through `properties` only; undefined when reached any other way. */
  path?: string[];
  /** JSON Pointer of the declaring schema. */
  pointer: string;
  type?: HeaderParamType;
  /** What makes this declaration invalid; empty when it is valid. */
  problems: string[];
}

const declared = new WeakMap<object, HeaderDeclaration[]>();

/** Every `x-mcp-header` in a tool's inputSchema, each judged against the declaration rules (HTTP, MUST); walked once per schema. */
export function headerDeclarations(schema: unknown): HeaderDeclaration[] {
  if (!schema || typeof schema !== 'object') return [];
  let out = declared.get(schema);
  if (!out) declared.set(schema, (out = walkDeclarations(schema)));
  return out;
}

function walkDeclarations(schema: object): HeaderDeclaration[] {
  const out: HeaderDeclaration[] = [];
  const stack: { node: unknown; pointer: string; path: string[] | undefined; via?: string }[] = [{ node: schema, pointer: '', path: [] }];
  let nodes = 0;
  while (stack.length && nodes++ < MAX_NODES) {
    const { node, pointer, path, via } = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    const children: typeof stack = [];
    if (Array.isArray(node)) {
      node.forEach((n, i) => children.push({ node: n, pointer: `${pointer}/${i}`, path: undefined, via: via ?? 'an array keyword' }));
    } else {
      const o = obj(node) ?? {};
      if (X_MCP_HEADER in o) out.push(judge(o, pointer, path, via, schema));
      for (const [k, v] of Object.entries(o)) {
        if (DATA_KEYWORDS.has(k) || k === X_MCP_HEADER || !v || typeof v !== 'object') continue;
        const at = `${pointer}/${escape(k)}`;
        if (k === 'properties' && !Array.isArray(v)) {
          for (const [name, sub] of entries(v))
            children.push({ node: sub, pointer: `${at}/${escape(name)}`, path: path ? [...path, name] : undefined, ...(via ? { via } : {}) });
        } else children.push({ node: v, pointer: at, path: undefined, via: via ?? k });
      }
    }
    // Reversed onto the stack, so declarations come out in document order (the first of two duplicates is kept).
    stack.push(...children.reverse());
  }
  markDuplicates(out);
  return out;
}

function judge(o: JsonObject, pointer: string, path: string[] | undefined, via: string | undefined, root: unknown): HeaderDeclaration {
  const raw = o[X_MCP_HEADER];
  const problems: string[] = [];
  const header = typeof raw === 'string' ? raw : JSON.stringify(raw);
  if (typeof raw !== 'string') problems.push(`its value ${header} is not a string`);
  else if (raw === '') problems.push('it is empty');
  else if (!TOKEN.test(raw)) problems.push(`"${raw}" is not an RFC 9110 token`);
  const onProperty = path !== undefined && path.length > 0;
  if (!onProperty) problems.push(path ? 'it sits on the schema root, not on a property' : `it is reached through ${via ?? 'a keyword other than properties'}`);
  const type = typeOf(resolved(o, root));
  if (typeof type !== 'string') problems.push(type.problem);
  return { header, ...(onProperty ? { path } : {}), pointer: pointer || '/', ...(typeof type === 'string' ? { type } : {}), problems };
}

/** A property schema whose type sits behind a same-document `$ref` is judged by the schema it points at. */
export function resolved(o: JsonObject, root: unknown): JsonObject {
  let cur = o;
  for (let hops = 0; hops < 8 && cur.type === undefined && typeof cur.$ref === 'string' && cur.$ref.startsWith('#/'); hops++) {
    const next = obj(resolvePointer(root, cur.$ref));
    if (!next) break;
    cur = next;
  }
  return cur;
}

/** The parameter's type, when it is one a header may carry; `number`, objects and arrays are refused. */
function typeOf(o: JsonObject): HeaderParamType | { problem: string } {
  const declared: unknown[] = Array.isArray(o.type) ? o.type.filter((t) => t !== 'null') : o.type !== undefined ? [o.type] : [];
  if (declared.length > 1) return { problem: `its type ${JSON.stringify(o.type)} allows more than one kind of value` };
  if (declared.length === 1) {
    const t = declared[0];
    return oneOf(t, ALLOWED_TYPES) ? t : { problem: `it is on a ${JSON.stringify(t)} parameter (only integer, string or boolean)` };
  }
  // No declared type: a const or enum of one primitive kind still says what the value is.
  const values = 'const' in o ? [o.const] : Array.isArray(o.enum) ? o.enum.filter((v) => v !== null) : [];
  if (values.length && values.every((v) => typeof v === 'string')) return 'string';
  if (values.length && values.every((v) => Number.isInteger(v))) return 'integer';
  if (values.length && values.every((v) => typeof v === 'boolean')) return 'boolean';
  return { problem: 'its parameter declares no type (only integer, string or boolean may carry a header)' };
}

function markDuplicates(decls: HeaderDeclaration[]): void {
  const seen = new Map<string, HeaderDeclaration>();
  for (const d of decls) {
    if (!d.header) continue;
    const key = d.header.toLowerCase();
    const first = seen.get(key);
    if (first) d.problems.push(`"${d.header}" repeats "${first.header}" (at ${first.pointer}); names are compared case-insensitively`);
    else seen.set(key, d);
  }
}

function escape(k: string): string {
  return k.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A declaration's value in a tool's arguments: undefined when absent anywhere along the path. */
export function valueAt(args: JsonObject, path: readonly string[]): unknown {
  let cur: unknown = args;
  for (const k of path) {
    const o = obj(cur);
    if (!o) return undefined;
    cur = o[k];
  }
  return cur;
}

/** A copy of `args` with the value at `path` set (or removed, for `undefined`), creating objects on the way. */
export function withValue(args: JsonObject, path: readonly string[], value: unknown): JsonObject {
  const root: JsonObject = structuredClone(args);
  let cur = root;
  path.forEach((k, i) => {
    if (i === path.length - 1) {
      if (value === undefined) delete cur[k];
      else cur[k] = value;
      return;
    }
    const next = obj(cur[k]) ?? {};
    cur[k] = next;
    cur = next;
  });
  return root;
}

export interface ParamTarget {
  tool: ToolInfo;
  /** Arguments with the parameter under test set to `value`. */
  args: JsonObject;
  decl: HeaderDeclaration & { path: string[]; type: HeaderParamType };
  value: string | number | boolean;
  /** Every valid declaration of the tool, to mirror the other parameters the arguments carry. */
  all: HeaderDeclaration[];
}

export const PARAM_HINT = 'Mirror each x-mcp-header argument into Mcp-Param-{Name} and validate it before dispatching (SEP-2243).';

/** The header encoding of a value: strings through the base64 rule, integers in decimal, booleans as words. */
export function encodeParam(v: unknown): string {
  return typeof v === 'string' ? encodeHeaderValue(v) : String(v);
}

/**
 * Parameters to exercise: on tools the safety rule lets us call, declared validly (a client must drop a tool with
 * an invalid declaration, so the server's handling of one is not judged), of the wanted types.
 */
export async function paramTargets(t: CheckContext, types: readonly HeaderParamType[] = ['string', 'integer', 'boolean']): Promise<ParamTarget[]> {
  if (t.shared.offers('tools') === false) return [];
  const out: ParamTarget[] = [];
  const slices = new Slices();
  for (const { tool, args } of await t.shared.callableTools()) {
    await slices.turn();
    const all = headerDeclarations(tool.inputSchema);
    if (!all.length || all.some((d) => d.problems.length)) continue;
    for (const d of [...all].sort((a, b) => a.pointer.localeCompare(b.pointer))) {
      if (!d.path || !d.type || !types.includes(d.type)) continue;
      const given = valueAt(args, d.path);
      const value = isScalar(given) && given !== '' ? given : sampleValue(tool.inputSchema, d);
      out.push({ tool, args: withValue(args, d.path, value), decl: { ...d, path: d.path, type: d.type }, value, all });
    }
  }
  // Strings first, as the official suite uses them; then in the order the tools were listed.
  return out
    .map((p, i) => ({ p, i }))
    .sort((a, b) => types.indexOf(a.p.decl.type) - types.indexOf(b.p.decl.type) || a.i - b.i)
    .map((x) => x.p);
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** A value the parameter's own schema accepts, so a rejection can only be about the header. */
function sampleValue(schema: unknown, d: HeaderDeclaration & { path?: string[] }): string | number | boolean {
  let node: unknown = schema;
  for (const k of d.path ?? []) node = (field(node, 'properties') as JsonObject | undefined)?.[k];
  const o = obj(node);
  const prop = o ? resolved(o, schema) : {};
  const v = sampleArgs({ type: 'object', properties: { v: prop }, required: ['v'] }).v;
  if (d.type === 'integer') return typeof v === 'number' && Number.isInteger(v) ? v : 1;
  if (d.type === 'boolean') return typeof v === 'boolean' ? v : true;
  return typeof v === 'string' && v !== '' ? v : 'test';
}

/** `Mcp-Param-*` headers for every declared parameter present (and not null) in `args` (HTTP §value encoding). */
export function paramHeaders(all: readonly HeaderDeclaration[], args: JsonObject): Record<string, string> {
  const h: Record<string, string> = {};
  for (const d of all) {
    if (!d.path) continue;
    const v = valueAt(args, d.path);
    if (v !== undefined && v !== null) h[`${HEADER.paramPrefix}${d.header}`] = encodeParam(v);
  }
  return h;
}

/** Sends tools/call for a target; `header` replaces the tested parameter's header (`null`: left out). */
export function callWith(t: CheckContext, p: ParamTarget, args: JsonObject, header: string | null | undefined): Promise<Exchange> {
  const headers: Record<string, string | null> = paramHeaders(p.all, args);
  if (header !== undefined) headers[`${HEADER.paramPrefix}${p.decl.header}`] = header;
  return t.request('tools/call', { name: p.tool.name, arguments: args }, { headers });
}

/** A request counts as served when it got past header validation: anything but -32020 (and an answer at all). */
export function expectServed(t: CheckContext, ex: Exchange, what: string, hint = PARAM_HINT): boolean {
  if (ex.failure && !ex.response) t.inconclusive(`${what}: ${ex.failure.message}`, ex.evidence);
  if (errorOf(ex)?.code !== ERROR.headerMismatch) return true;
  t.fail({
    message: `${what} was rejected as a header mismatch`,
    expected: 'the request served (a result or an error other than -32020)',
    actual: describe(ex),
    evidence: ex.evidence,
    hint,
  });
  return false;
}

export function label(p: ParamTarget): string {
  return `${p.tool.name} ${p.decl.path.join('.')} (${HEADER.paramPrefix}${p.decl.header})`;
}

export interface NamedRequest {
  method: 'tools/call' | 'resources/read' | 'prompts/get';
  params: JsonObject;
  name: string;
}

/**
 * Requests that carry Mcp-Name and are safe to send: a resource read, a prompt, a callable tool.
 * A server that wrongly accepts a bad header will execute them, so only safe ones are used.
 */
export async function namedRequests(t: CheckContext): Promise<NamedRequest[]> {
  const out: NamedRequest[] = [];
  if (t.shared.offers('resources') !== false) {
    const r = obj((await t.shared.list('resources/list')).items[0]);
    if (typeof r?.uri === 'string') out.push({ method: 'resources/read', params: { uri: r.uri }, name: r.uri });
  }
  if (t.shared.offers('prompts') !== false) {
    const p = obj((await t.shared.list('prompts/list')).items[0]);
    if (typeof p?.name === 'string') {
      const args: JsonObject = {};
      for (const a of objects(p.arguments)) if (a.required === true && typeof a.name === 'string') args[a.name] = 'test';
      out.push({ method: 'prompts/get', params: { name: p.name, arguments: args }, name: p.name });
    }
  }
  if (t.shared.offers('tools') !== false) {
    const c = (await t.shared.callableTools())[0];
    if (c) out.push({ method: 'tools/call', params: { name: c.tool.name, arguments: c.args }, name: c.tool.name });
  }
  return out;
}
