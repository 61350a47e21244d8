/**
 * Compiling tool schemas and validating structured results (server/tools §structuredContent, SEP-2106):
 * declared dialect or 2020-12, never a network `$ref` (no `loadSchema`), bounded depth and size, failures reported.
 */
import type { Ajv, AnySchema, ValidateFunction } from 'ajv';
import { measureExpansion } from '../../core/schema-budget.js';
import { describeAjvError, dialectOf, runValidator, sharedAjvPool, type Dialect } from '../../core/json-schema.js';
import { canonicalStringify } from '../shared/canonical.js';
import type { CatalogueTool } from '../catalogue/catalogue.js';
import { externalRefs, schemaShape } from './schema-util.js';
import { annotationFreeKey } from './annotation-free.js';

export const VALIDATION_BOUNDS = { maxDepth: 64, maxNodes: 10_000, maxErrors: 20 } as const;

const pool = sharedAjvPool;

function ajvFor(d: Dialect): Ajv {
  return pool.get(d);
}

export type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 512;

function compileUncached(schema: unknown): Compiled {
  if (typeof schema === 'boolean') schema = schema ? {} : { not: {} };
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return { ok: false, error: 'a schema must be an object or a boolean' };
  const { dialect, declared } = dialectOf(schema);
  if (!dialect) return { ok: false, error: `unsupported dialect ${declared ?? '?'} (supported: 2020-12, 2019-09, draft-07)` };
  const ext = externalRefs(schema);
  if (ext.length) return { ok: false, error: `network $ref is never fetched (SEP-2106): ${ext.slice(0, 3).join(', ')}` };
  // The one budget every path checks before Ajv sees a schema: size after `$ref` expansion (a doubling chain of
  // `$defs` is small as text but exponential to validate).
  const expansion = measureExpansion(schema);
  if (expansion.exceeded) return { ok: false, error: `schema exceeds the validation bounds: ${expansion.exceeded}` };
  const shape = schemaShape(schema, VALIDATION_BOUNDS.maxNodes + 1);
  if (shape.depth > VALIDATION_BOUNDS.maxDepth || shape.nodes > VALIDATION_BOUNDS.maxNodes) {
    return {
      ok: false,
      error: `schema exceeds the validation bounds (depth ${shape.depth}/${VALIDATION_BOUNDS.maxDepth}, subschemas ${shape.nodes}/${VALIDATION_BOUNDS.maxNodes})`,
    };
  }
  const ajv = ajvFor(dialect);
  try {
    return { ok: true, validate: ajv.compile(schema as AnySchema) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  } finally {
    // Drop it from the instance so a repeated `$id` in another tool cannot collide; the compiled function stays usable.
    try {
      ajv.removeSchema(schema);
    } catch {
      /* nothing registered */
    }
  }
}

/** The same schemas as written, mostly in one key order: a plain serialisation finds a repeat before any key is sorted. */
const byText = new Map<string, Compiled>();
/** Schemas that differ only in their titles and descriptions share one compile. */
const byShape = new Map<string, Compiled>();

function remember(map: Map<string, Compiled>, key: string, c: Compiled): void {
  if (map.size >= CACHE_LIMIT) map.delete(map.keys().next().value as string);
  map.set(key, c);
}

/** Compile once per distinct validation shape (keyed by canonical text, no digest needed in memory); results are cached, bounded. */
export function compileSchema(schema: unknown): Compiled {
  const text = JSON.stringify(schema ?? null) as string | undefined;
  const seen = text === undefined ? undefined : byText.get(text);
  if (seen) return seen;
  const key = canonicalStringify(schema ?? null);
  let c = cache.get(key);
  if (!c) {
    const shape = text === undefined ? undefined : annotationFreeKey(schema, text);
    c = shape === undefined ? undefined : byShape.get(shape);
    c ??= compileUncached(schema);
    if (shape !== undefined) remember(byShape, shape, c);
    remember(cache, key, c);
  }
  if (text !== undefined) remember(byText, text, c);
  return c;
}

/** Problems with one structured result against the tool's outputSchema; empty means it conforms. */
export function validateStructuredResult(tool: CatalogueTool, structuredContent: unknown): string[] {
  if (tool.outputSchema === undefined) return [];
  if (structuredContent === undefined)
    return ['no structuredContent, although the tool declares an outputSchema (servers MUST send conforming structured results)'];
  const c = compileSchema(tool.outputSchema);
  if (!c.ok) return [`outputSchema cannot be used for validation: ${c.error}`];
  const ok = runValidator(c.validate, structuredContent);
  if (ok === true) return [];
  if (ok !== false) return [`not judged: ${ok.notJudged}`];
  return (c.validate.errors ?? []).slice(0, VALIDATION_BOUNDS.maxErrors).map(describeAjvError);
}
