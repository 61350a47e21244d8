import type { JsonObject } from '../../target/envelope.js';
import { field, obj, member } from '../../spec/read.js';

/**
 * Arguments that satisfy a tool's inputSchema well enough to call it: required properties only, from `const`,
 * `default`, `examples`, `enum`, then a plain value of the declared type. Bounded depth; `$ref` within the document.
 */
export function sampleArgs(schema: unknown): JsonObject {
  const v = sample(schema, schema, 0);
  return obj(v) ?? {};
}

function sample(s: unknown, root: unknown, depth: number): unknown {
  const o = obj(s);
  if (depth > 12 || !o) return undefined;
  if (typeof o.$ref === 'string' && o.$ref.startsWith('#/')) return sample(resolvePointer(root, o.$ref), root, depth + 1);
  if ('const' in o) return o.const;
  if ('default' in o) return o.default;
  if (Array.isArray(o.examples) && o.examples.length) return o.examples[0];
  if (Array.isArray(o.enum) && o.enum.length) return o.enum[0];
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    const alts = o[k];
    if (Array.isArray(alts) && alts.length) return sample(alts[0], root, depth + 1);
  }
  const type: unknown = Array.isArray(o.type) ? o.type.find((t) => t !== 'null') : o.type;
  switch (type) {
    case 'object': {
      const out: JsonObject = {};
      const required = Array.isArray(o.required) ? o.required.filter((r): r is string => typeof r === 'string') : [];
      for (const k of required) out[k] = sample(field(o.properties, k), root, depth + 1) ?? 'test';
      return out;
    }
    case 'array': {
      const min = typeof o.minItems === 'number' ? o.minItems : 0;
      return Array.from({ length: Math.min(min, 3) }, () => sample(o.items, root, depth + 1) ?? 'test');
    }
    case 'integer':
    case 'number':
      return typeof o.minimum === 'number' ? Math.max(o.minimum, type === 'integer' ? Math.ceil(o.minimum) : o.minimum) : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      const min = typeof o.minLength === 'number' ? o.minLength : 0;
      return 'test'.padEnd(min, 'x');
    }
    default:
      return o.properties ? sample({ ...o, type: 'object' }, root, depth + 1) : undefined;
  }
}

export function resolvePointer(root: unknown, ref: string): unknown {
  let cur: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!cur || typeof cur !== 'object') return undefined;
    cur = member(cur, key);
  }
  return cur;
}
