import type { JsonObject } from '../../target/envelope.js';
import { resolvePointer } from '../support/sample-args.js';
import { obj, entries, oneOf } from '../../spec/read.js';

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

/** Every `x-mcp-header` in a tool's inputSchema, each judged against the declaration rules (HTTP, MUST). */
export function headerDeclarations(schema: unknown): HeaderDeclaration[] {
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
          for (const [name, sub] of entries(v)) children.push({ node: sub, pointer: `${at}/${escape(name)}`, path: path ? [...path, name] : undefined, ...(via ? { via } : {}) });
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
