/**
 * A schema's validation shape: the schema with its `title` and `description` texts left out wherever they are keywords
 * of a subschema. Those two only annotate (every dialect; Ajv generates no code for them), so schemas that differ
 * only there validate alike and compile to interchangeable validators: catalogues repeat a parameter's shape with a
 * description of its own per tool (125 schema texts, 29 shapes among 10,000 schemas of the generated catalogue).
 */
import { canonicalStringify } from '../shared/canonical.js';

/** Keywords whose value is a map of subschemas, one subschema, or a list of them (2020-12, 2019-09, draft-07). */
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);
const ONE = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contentSchema',
]);
const LISTS = new Set(['prefixItems', 'anyOf', 'oneOf', 'allOf', 'items']);
const ANNOTATIONS = new Set(['title', 'description']);
/** A reference could point into an annotation, so a schema that has any keeps its full text as its key. */
const REFERENCE = /"\$(?:ref|dynamicRef|recursiveRef|data)"/;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function strip(node: unknown, depth: number): unknown {
  if (!isObject(node) || depth > 64) return node;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(node)) {
    const v = node[k];
    if (ANNOTATIONS.has(k) && typeof v === 'string') continue;
    if (MAPS.has(k) && isObject(v)) {
      const m: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const name of Object.keys(v)) m[name] = strip(v[name], depth + 1);
      out[k] = m;
    } else if (LISTS.has(k) && Array.isArray(v)) out[k] = v.map((s) => strip(s, depth + 1));
    else if (ONE.has(k)) out[k] = strip(v, depth + 1);
    // Anything else (enum, const, default, examples, unknown keywords) is data and stays as it is.
    else out[k] = v;
  }
  return out;
}

/** The canonical text of the validation shape, or undefined when the schema must be keyed by all of its text. */
export function annotationFreeKey(schema: unknown, text: string): string | undefined {
  if (!isObject(schema) || REFERENCE.test(text)) return undefined;
  if (!text.includes('"title"') && !text.includes('"description"')) return undefined;
  return canonicalStringify(strip(schema, 0));
}
