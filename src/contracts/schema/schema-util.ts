/**
 * Read-only helpers over JSON Schema 2020-12 documents (server/tools §inputSchema, SEP-2106).
 * Only same-document references are followed: a network `$ref` is never dereferenced.
 */

export type SchemaNode = Record<string, unknown>;

export function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** `true` reads as the empty schema; `false` as a schema nothing satisfies. */
export function asNode(s: unknown): SchemaNode | undefined {
  if (s === true) return {};
  if (s === false) return { not: {} };
  return isObject(s) ? s : undefined;
}

function decodePointer(ref: string): string[] {
  return ref
    .replace(/^#\/?/, '')
    .split('/')
    .filter((p, i, all) => p !== '' || all.length > 1)
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Same-document `$ref` (`#/…` pointer or `#anchor`); anything else is external. */
export function isLocalRef(ref: string): boolean {
  return ref.startsWith('#');
}

function findAnchor(root: unknown, anchor: string, depth = 0): SchemaNode | undefined {
  if (depth > 64 || !root || typeof root !== 'object') return undefined;
  if (isObject(root) && root.$anchor === anchor) return root;
  for (const v of Object.values(root as Record<string, unknown>)) {
    const hit = findAnchor(v, anchor, depth + 1);
    if (hit) return hit;
  }
  return undefined;
}

export function resolveLocalRef(root: unknown, ref: string): SchemaNode | undefined {
  if (!isLocalRef(ref)) return undefined;
  if (ref.length > 1 && ref[1] !== '/') return findAnchor(root, ref.slice(1));
  let cur: unknown = root;
  for (const part of decodePointer(ref)) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return asNode(cur);
}

/** Follow a chain of local `$ref`s; sibling keywords override the target's, as a reader would expect. */
export function deref(root: unknown, node: SchemaNode, maxHops = 16): SchemaNode {
  let cur = node;
  for (let hop = 0; hop < maxHops && typeof cur.$ref === 'string'; hop++) {
    const target = resolveLocalRef(root, cur.$ref);
    if (!target) return cur;
    const siblings = { ...cur };
    delete siblings.$ref;
    // The target's own `$ref`, if any, survives the spread, so a chain keeps resolving.
    cur = { ...target, ...siblings };
  }
  return cur;
}

/** Declared `type` as a set; `undefined` when the schema does not restrict it. */
export function typesOf(node: SchemaNode): Set<string> | undefined {
  if (typeof node.type === 'string') return new Set([node.type]);
  if (Array.isArray(node.type)) return new Set(node.type.filter((t): t is string => typeof t === 'string'));
  return undefined;
}

export function propertiesOf(node: SchemaNode): Record<string, unknown> {
  return isObject(node.properties) ? node.properties : {};
}

export function requiredOf(node: SchemaNode): Set<string> {
  return new Set(Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === 'string') : []);
}

/** Every `$ref`/`$dynamicRef` that points outside the document, with where it sits. */
export function externalRefs(schema: unknown, path = '', out: string[] = [], depth = 0): string[] {
  if (depth > 128 || !schema || typeof schema !== 'object') return out;
  if (Array.isArray(schema)) {
    schema.forEach((v, i) => externalRefs(v, `${path}/${i}`, out, depth + 1));
    return out;
  }
  for (const [k, v] of Object.entries(schema)) {
    if ((k === '$ref' || k === '$dynamicRef') && typeof v === 'string' && !isLocalRef(v)) out.push(`${path || '/'} → ${v}`);
    else if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples') externalRefs(v, `${path}/${k}`, out, depth + 1);
  }
  return out;
}

export interface SchemaShape {
  /** Levels of nesting through properties/items; the root counts as 1. */
  depth: number;
  /** Subschemas visited (bounded); a proxy for validation cost. */
  nodes: number;
  /** Named properties at every level. */
  properties: number;
  recursive: boolean;
}

const CHILD_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const CHILD_ONE = ['items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const CHILD_LISTS = ['prefixItems', 'anyOf', 'oneOf', 'allOf'];
/** Keywords whose children sit one data level deeper (composition stays at the same level). */
const DEEPER = new Set([
  'properties',
  'patternProperties',
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'prefixItems',
  'contains',
]);

export function schemaShape(schema: unknown, limit = 20_000): SchemaShape {
  const shape: SchemaShape = { depth: 0, nodes: 0, properties: 0, recursive: false };
  const refStack: string[] = [];
  const visit = (s: unknown, level: number): void => {
    const node = asNode(s);
    if (!node || shape.nodes >= limit) return;
    shape.nodes++;
    shape.depth = Math.max(shape.depth, level);
    if (typeof node.$ref === 'string' && isLocalRef(node.$ref)) {
      if (refStack.includes(node.$ref)) shape.recursive = true;
      else {
        refStack.push(node.$ref);
        visit(resolveLocalRef(schema, node.$ref), level);
        refStack.pop();
      }
    }
    for (const k of CHILD_MAPS) {
      if (!isObject(node[k]) || k === '$defs' || k === 'definitions') continue;
      const entries = Object.values(node[k]);
      if (k === 'properties') shape.properties += entries.length;
      for (const v of entries) visit(v, DEEPER.has(k) ? level + 1 : level);
    }
    for (const k of CHILD_ONE) if (node[k] !== undefined && typeof node[k] === 'object') visit(node[k], DEEPER.has(k) ? level + 1 : level);
    for (const k of CHILD_LISTS) if (Array.isArray(node[k])) for (const v of node[k] as unknown[]) visit(v, DEEPER.has(k) ? level + 1 : level);
  };
  visit(schema, 1);
  return shape;
}
