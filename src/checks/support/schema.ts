import type { Ajv, AnySchema } from 'ajv';
import { measureExpansion } from '../../core/schema-budget.js';
import { dialectOf, sharedAjvPool, UnsafePatternError, type Dialect } from '../../core/json-schema.js';
import type { JsonObject } from '../../target/envelope.js';
import { resolvePointer } from './sample-args.js';
import { field } from '../../spec/read.js';

export { dialectOf, type Dialect };

/** Bounds on validation cost (SEP-2106 composition bounds): deeper or larger schemas are not compiled. */
export const SCHEMA_BOUNDS = { maxDepth: 64, maxNodes: 20_000 };

export interface SchemaShape {
  depth: number;
  nodes: number;
  /** Every `$ref` with its JSON Pointer location. */
  refs: { ref: string; at: string }[];
  anchors: Set<string>;
  ids: Set<string>;
  exceeded?: string;
}

/** Walks a schema iteratively (a hostile one must not overflow the stack), stopping at the bounds. */
export function measureSchema(schema: unknown): SchemaShape {
  const shape: SchemaShape = { depth: 0, nodes: 0, refs: [], anchors: new Set(), ids: new Set() };
  const stack: { v: unknown; at: string; depth: number }[] = [{ v: schema, at: '', depth: 0 }];
  while (stack.length) {
    const { v, at, depth } = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    shape.nodes++;
    shape.depth = Math.max(shape.depth, depth);
    if (depth > SCHEMA_BOUNDS.maxDepth) {
      shape.exceeded = `nested deeper than ${SCHEMA_BOUNDS.maxDepth} levels (at ${at || '/'})`;
      return shape;
    }
    if (shape.nodes > SCHEMA_BOUNDS.maxNodes) {
      shape.exceeded = `more than ${SCHEMA_BOUNDS.maxNodes} nodes`;
      return shape;
    }
    if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push({ v: x, at: `${at}/${i}`, depth: depth + 1 }));
      continue;
    }
    const o = v as JsonObject;
    if (typeof o.$ref === 'string') shape.refs.push({ ref: o.$ref, at: `${at}/$ref` });
    if (typeof o.$anchor === 'string') shape.anchors.add(o.$anchor);
    if (typeof o.$id === 'string' && at !== '') shape.ids.add(o.$id);
    for (const [k, x] of Object.entries(o))
      if (k !== 'enum' && k !== 'const' && k !== 'examples' && k !== 'default')
        stack.push({ v: x, at: `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth: depth + 1 });
  }
  // Small as text is not enough: the same budget the contracts path uses, after `$ref` expansion.
  const expansion = measureExpansion(schema);
  if (expansion.exceeded) shape.exceeded = expansion.exceeded;
  return shape;
}

/** Same-document refs are JSON Pointers or anchors (`#…`) or embedded `$id`s; everything else counts as network (SEP-2106). */
export function isNetworkRef(ref: string, shape: SchemaShape): boolean {
  if (ref.startsWith('#')) return false;
  const base = ref.split('#')[0] ?? '';
  return !shape.ids.has(base);
}

/** Same-document refs that point at nothing. */
export function danglingRefs(schema: unknown, shape: SchemaShape): string[] {
  const out: string[] = [];
  for (const { ref, at } of shape.refs) {
    if (!ref.startsWith('#')) continue;
    if (ref === '#') continue;
    if (ref.startsWith('#/')) {
      if (resolvePointer(schema, ref) === undefined) out.push(`${ref} (at ${at})`);
    } else if (!shape.anchors.has(ref.slice(1))) out.push(`${ref} (at ${at})`);
  }
  return out;
}

export interface CompileOutcome {
  ok: boolean;
  errors: string[];
  /** Not compiled at all, and why (over the expansion budget). */
  skipped?: string;
}

/** Compiles server schemas with the process's shared Ajv pool (one instance per dialect, never with `loadSchema`). */
export class SchemaCompiler {
  private ajv(d: Dialect): Ajv {
    return sharedAjvPool.get(d);
  }

  /**
   * Checks a schema against its dialect's meta-schema and compiles it. Refs that point off the document are not
   * resolved (never fetched) and are not counted here: the caller reports them.
   */
  check(schema: unknown, d: Dialect): CompileOutcome {
    const ajv = this.ajv(d);
    const errors: string[] = [];
    const over = measureExpansion(schema).exceeded;
    if (over) return { ok: true, errors: [], skipped: `not compiled: ${over}` };
    try {
      if (!ajv.validateSchema(schema as AnySchema)) {
        for (const e of ajv.errors ?? []) errors.push(`${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
        return { ok: false, errors };
      }
      ajv.compile(schema as AnySchema);
    } catch (e) {
      const err = e as { missingRef?: string; message?: string };
      // Unresolved refs are judged by our own scan (dangling vs network), never by a fetch.
      if (err.missingRef !== undefined) return { ok: true, errors };
      // Validity is not at stake: the pattern is well-formed, only too risky to evaluate (see createAjv).
      if (e instanceof UnsafePatternError) return { ok: true, errors };
      errors.push(e instanceof RangeError ? 'too complex to compile (stack exhausted)' : String(err.message ?? e));
    } finally {
      ajv.removeSchema(schema as AnySchema);
      const id = schema && typeof schema === 'object' ? field(schema, '$id') : undefined;
      if (typeof id === 'string') ajv.removeSchema(id);
    }
    return { ok: errors.length === 0, errors };
  }
}
