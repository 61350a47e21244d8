/**
 * The cost of a JSON Schema after its same-document `$ref`s are expanded. A schema whose `$defs` reference each other
 * in a doubling chain is tiny as text but exponential to validate, compile or compare; every path that hands a
 * server's schema to Ajv or walks it through its refs asks this first (SEP-2106 composition bounds).
 */
export const SCHEMA_EXPANSION_BUDGET = { maxNodes: 10_000, maxDepth: 128 } as const;

export interface SchemaExpansion {
  /** Subschemas visited with every local `$ref` followed (stops at the budget). */
  nodes: number;
  /** Deepest nesting reached, a `$ref` hop counting as one level. */
  depth: number;
  /** Why the schema is over budget, for a finding; undefined when within. */
  exceeded?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
// Data, not subschemas: never walked.
const DATA_KEYWORDS = new Set(['enum', 'const', 'examples', 'default']);

interface Frame {
  v: unknown;
  depth: number;
  /** The `$ref`s followed to get here (a cycle is not expanded twice on one path). */
  via?: RefLink;
}
interface RefLink {
  ref: string;
  up?: RefLink;
}

function onPath(link: RefLink | undefined, ref: string): boolean {
  for (let l = link; l; l = l.up) if (l.ref === ref) return true;
  return false;
}

function anchorsOf(root: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const stack: unknown[] = [root];
  let seen = 0;
  while (stack.length && seen++ < 100_000) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    if (isObj(v) && typeof v.$anchor === 'string' && !out.has(v.$anchor)) out.set(v.$anchor, v);
    for (const x of Object.values(v)) stack.push(x);
  }
  return out;
}

/** The target of a same-document `$ref` (`#`, `#/json/pointer`, `#anchor`), or undefined. */
export function resolveRefIn(root: unknown, ref: string, anchors?: Map<string, unknown>): unknown {
  if (!ref.startsWith('#')) return undefined;
  if (ref === '#') return root;
  if (ref[1] !== '/') return (anchors ?? anchorsOf(root)).get(ref.slice(1));
  let cur: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let part = raw;
    try {
      part = decodeURIComponent(raw);
    } catch {
      /* kept as written */
    }
    part = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!cur || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part)) return undefined;
    cur = (cur as Obj)[part];
  }
  return cur;
}

/** Walks the schema with local refs expanded, iteratively, and stops as soon as the budget is spent. */
export function measureExpansion(schema: unknown, budget: { maxNodes: number; maxDepth: number } = SCHEMA_EXPANSION_BUDGET): SchemaExpansion {
  const out: SchemaExpansion = { nodes: 0, depth: 0 };
  let anchors: Map<string, unknown> | undefined;
  const stack: Frame[] = [{ v: schema, depth: 1 }];
  while (stack.length) {
    const { v, depth, via } = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    out.nodes++;
    out.depth = Math.max(out.depth, depth);
    if (out.nodes > budget.maxNodes) {
      out.exceeded = `more than ${budget.maxNodes} subschemas once its $refs are expanded`;
      return out;
    }
    if (depth > budget.maxDepth) {
      out.exceeded = `nested deeper than ${budget.maxDepth} levels once its $refs are expanded`;
      return out;
    }
    if (Array.isArray(v)) {
      for (const x of v) stack.push({ v: x, depth: depth + 1, ...(via ? { via } : {}) });
      continue;
    }
    const o = v as Obj;
    for (const key of ['$ref', '$dynamicRef']) {
      const ref = o[key];
      if (typeof ref !== 'string' || !ref.startsWith('#') || onPath(via, ref)) continue;
      if (ref.length > 1 && ref[1] !== '/') anchors ??= anchorsOf(schema);
      const target = resolveRefIn(schema, ref, anchors);
      if (target !== undefined) stack.push({ v: target, depth: depth + 1, via: { ref, ...(via ? { up: via } : {}) } });
    }
    for (const [k, x] of Object.entries(o)) {
      // Definitions cost nothing until referenced; data keywords are never subschemas.
      if (DATA_KEYWORDS.has(k) || k === '$defs' || k === 'definitions') continue;
      if (x && typeof x === 'object') stack.push({ v: x, depth: depth + 1, ...(via ? { via } : {}) });
    }
  }
  return out;
}
