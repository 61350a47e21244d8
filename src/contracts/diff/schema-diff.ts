/**
 * Compatibility of two versions of one schema. Input schemas must keep accepting what they accepted
 * (narrowing breaks callers); output schemas must keep promising what they promised (widening breaks consumers).
 */
import { canonicalStringify } from '../shared/canonical.js';
import { measureExpansion, SCHEMA_EXPANSION_BUDGET } from '../../core/schema-budget.js';
import { asNode, deref, isObject, propertiesOf, requiredOf, typesOf, type SchemaNode } from '../schema/schema-util.js';
import { describeConstraint, compareConstraints, CONSTRAINT_KEYS } from './schema-constraints.js';

export type Direction = 'input' | 'output';

export interface SchemaChange {
  kind: 'breaking' | 'non-breaking';
  change: string;
  path: string;
  detail: string;
}

/** Change codes per fact: [code when the schema narrows, code when it widens]. */
const CODES: Record<Direction, Record<string, [string, string]>> = {
  input: {
    type: ['type-narrowed', 'type-widened'],
    enum: ['enum-value-removed', 'enum-widened'],
    constraint: ['constraint-tightened', 'constraint-loosened'],
    additional: ['additional-properties-closed', 'additional-properties-opened'],
    composition: ['composition-narrowed', 'composition-widened'],
    required: ['param-now-required', 'param-now-optional'],
  },
  output: {
    type: ['output-type-narrowed', 'output-property-retyped'],
    enum: ['output-enum-narrowed', 'output-enum-widened'],
    constraint: ['output-constraint-tightened', 'output-constraint-loosened'],
    additional: ['output-additional-properties-closed', 'output-additional-properties-opened'],
    composition: ['output-composition-narrowed', 'output-composition-widened'],
    required: ['output-property-now-required', 'output-property-optional'],
  },
};

const HANDLED = new Set([
  'type',
  'enum',
  'const',
  'description',
  'default',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  '$schema',
  '$id',
  '$comment',
  'title',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  ...CONSTRAINT_KEYS,
]);
const META_KEYS = ['title', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment'];
const MAX_DEPTH = 40;

interface Ctx {
  /** Node comparisons left: a schema within the expansion budget can still fan out when both sides are walked. */
  budget: number;
  defsSame: boolean;
  dir: Direction;
  oldRoot: unknown;
  newRoot: unknown;
  out: SchemaChange[];
}

const label = (path: string): string => (path ? `\`${path}\`` : 'the root');
const same = (a: unknown, b: unknown): boolean => canonicalStringify(a) === canonicalStringify(b);
const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** Narrowing breaks an input; widening breaks an output. */
function emit(ctx: Ctx, fact: string, narrows: boolean, path: string, detail: string): void {
  const [narrowCode, widenCode] = CODES[ctx.dir][fact] as [string, string];
  const breaking = ctx.dir === 'input' ? narrows : !narrows;
  ctx.out.push({ kind: breaking ? 'breaking' : 'non-breaking', change: narrows ? narrowCode : widenCode, path, detail });
}

function covers(set: Set<string>, t: string): boolean {
  return set.has(t) || (t === 'integer' && set.has('number'));
}

function compareTypes(ctx: Ctx, o: SchemaNode, n: SchemaNode, path: string): void {
  const ot = typesOf(o);
  const nt = typesOf(n);
  const show = (s: Set<string> | undefined): string => (s ? [...s].sort().join('|') : 'any');
  if (!ot && !nt) return;
  const lost = ot ? [...ot].filter((t) => !nt || !covers(nt, t)) : nt ? ['(any)'] : [];
  const gained = nt ? [...nt].filter((t) => !ot || !covers(ot, t)) : ot ? ['(any)'] : [];
  if (!lost.length && !gained.length) return;
  const detail = `type of ${label(path)} changed from ${show(ot)} to ${show(nt)}`;
  if (ctx.dir === 'input' && lost.length && gained.length) {
    ctx.out.push({ kind: 'breaking', change: 'type-changed', path, detail });
    return;
  }
  // For an output, any gained type is a break even when another was dropped.
  emit(ctx, 'type', ctx.dir === 'input' ? lost.length > 0 : gained.length === 0, path, detail);
}

function disjointTypes(o: SchemaNode, n: SchemaNode): boolean {
  const ot = typesOf(o);
  const nt = typesOf(n);
  if (!ot || !nt) return false;
  return ![...ot].some((t) => covers(nt, t)) && ![...nt].some((t) => covers(ot, t));
}

function enumOf(node: SchemaNode): string[] | undefined {
  if (Array.isArray(node.enum)) return node.enum.map((v) => canonicalStringify(v));
  if (node.const !== undefined) return [canonicalStringify(node.const)];
  return undefined;
}

function compareEnums(ctx: Ctx, o: SchemaNode, n: SchemaNode, path: string): void {
  const oe = enumOf(o);
  const ne = enumOf(n);
  if (!oe && !ne) return;
  if (oe && ne) {
    const removed = oe.filter((v) => !ne.includes(v));
    const added = ne.filter((v) => !oe.includes(v));
    if (removed.length) emit(ctx, 'enum', true, path, `${label(path)} no longer allows ${removed.join(', ')}`);
    if (added.length) emit(ctx, 'enum', false, path, `${label(path)} now also allows ${added.join(', ')}`);
  } else {
    const input = ctx.dir === 'input';
    const restricted = ne !== undefined;
    const change = `${input ? '' : 'output-'}enum-${restricted ? 'restricted' : 'unrestricted'}`;
    const detail = restricted ? `${label(path)} is now restricted to ${ne.join(', ')}` : `${label(path)} is no longer restricted to ${(oe ?? []).join(', ')}`;
    ctx.out.push({ kind: input === restricted ? 'breaking' : 'non-breaking', change, path, detail });
  }
}

function compareObject(ctx: Ctx, o: SchemaNode, n: SchemaNode, path: string, depth: number): void {
  const op = propertiesOf(o);
  const np = propertiesOf(n);
  const or = requiredOf(o);
  const nr = requiredOf(n);
  const isIn = ctx.dir === 'input';
  for (const key of Object.keys(op).sort()) {
    const p = join(path, key);
    if (!Object.hasOwn(np, key)) {
      ctx.out.push(
        isIn
          ? { kind: 'breaking', change: 'param-removed', path: p, detail: `parameter ${label(p)} was removed; callers that send it are ignored or rejected` }
          : { kind: 'breaking', change: 'output-property-removed', path: p, detail: `output property ${label(p)} was removed` },
      );
      continue;
    }
    if (!or.has(key) && nr.has(key)) emit(ctx, 'required', true, p, `${label(p)} is now required`);
    if (or.has(key) && !nr.has(key)) emit(ctx, 'required', false, p, `${label(p)} is no longer required`);
    compareNode(ctx, op[key], np[key], p, depth + 1);
  }
  for (const key of [...nr].sort()) {
    // A required name with no property schema still has to be sent.
    if (Object.hasOwn(op, key) || Object.hasOwn(np, key) || or.has(key)) continue;
    if (isIn) ctx.out.push({ kind: 'breaking', change: 'required-param-added', path: join(path, key), detail: `${label(join(path, key))} is now required` });
  }
  for (const key of Object.keys(np).sort()) {
    if (Object.hasOwn(op, key)) continue;
    const p = join(path, key);
    if (!isIn) ctx.out.push({ kind: 'non-breaking', change: 'output-property-added', path: p, detail: `output property ${label(p)} was added` });
    else if (nr.has(key))
      ctx.out.push({ kind: 'breaking', change: 'required-param-added', path: p, detail: `required parameter ${label(p)} was added; existing calls lack it` });
    else ctx.out.push({ kind: 'non-breaking', change: 'optional-param-added', path: p, detail: `optional parameter ${label(p)} was added` });
  }
  const closed = (s: SchemaNode): boolean => s.additionalProperties === false;
  if (!closed(o) && closed(n))
    emit(ctx, 'additional', true, path, `${label(path)} no longer accepts properties it does not name (additionalProperties: false)`);
  if (closed(o) && !closed(n)) emit(ctx, 'additional', false, path, `${label(path)} now accepts properties it does not name`);
  if (isObject(o.additionalProperties) && isObject(n.additionalProperties))
    compareNode(ctx, o.additionalProperties, n.additionalProperties, join(path, '*'), depth + 1);
}

function compareBranches(ctx: Ctx, key: 'anyOf' | 'oneOf' | 'allOf', o: SchemaNode, n: SchemaNode, path: string, depth: number): void {
  const ob = Array.isArray(o[key]) ? (o[key] as unknown[]) : [];
  const nb = Array.isArray(n[key]) ? (n[key] as unknown[]) : [];
  // Identical branches still hide a change when they hold a `$ref` whose target changed (allOf: [{$ref}]).
  if (same(ob, nb) && (ctx.defsSame || !canonicalStringify(ob).includes('"$ref"'))) return;
  if (ob.length === nb.length) {
    ob.forEach((b, i) => compareNode(ctx, b, nb[i], path, depth + 1));
    return;
  }
  // allOf adds constraints as it grows; anyOf/oneOf add alternatives.
  const grows = nb.length > ob.length;
  const narrows = key === 'allOf' ? grows : !grows;
  emit(ctx, 'composition', narrows, path, `${key} at ${label(path)} went from ${ob.length} to ${nb.length} subschemas`);
}

function compareNode(ctx: Ctx, oldS: unknown, newS: unknown, path: string, depth: number): void {
  const o0 = asNode(oldS) ?? {};
  const n0 = asNode(newS) ?? {};
  // Equal text is equal meaning unless it holds a `$ref` whose target changed elsewhere in the document.
  if (same(o0, n0) && (ctx.defsSame || !canonicalStringify(o0).includes('"$ref"'))) return;
  const o = deref(ctx.oldRoot, o0);
  const n = deref(ctx.newRoot, n0);
  if (--ctx.budget < 0) {
    if (ctx.budget === -1)
      ctx.out.push({
        kind: 'breaking',
        change: ctx.dir === 'input' ? 'schema-changed' : 'output-schema-changed',
        path,
        detail: `${label(path)} changed, and the schemas are too large to compare in full (over ${SCHEMA_EXPANSION_BUDGET.maxNodes} comparisons)`,
      });
    return;
  }
  if (depth > MAX_DEPTH) {
    ctx.out.push({
      kind: 'breaking',
      change: ctx.dir === 'input' ? 'schema-changed' : 'output-schema-changed',
      path,
      detail: `${label(path)} changed below the comparison depth limit (${MAX_DEPTH})`,
    });
    return;
  }
  const descCode = ctx.dir === 'input' ? 'param-description-changed' : 'output-description-changed';
  if (o.description !== n.description)
    ctx.out.push({ kind: 'non-breaking', change: descCode, path, detail: `description of ${label(path)} changed (it steers how a model fills or reads it)` });
  if (!same(o.default, n.default))
    ctx.out.push({
      kind: 'non-breaking',
      change: 'default-changed',
      path,
      detail: `default of ${label(path)} changed from ${canonicalStringify(o.default ?? null)} to ${canonicalStringify(n.default ?? null)}`,
    });
  const meta = META_KEYS.filter((k) => !same(o[k], n[k]));
  if (meta.length) ctx.out.push({ kind: 'non-breaking', change: 'schema-annotation-changed', path, detail: `${meta.join(', ')} of ${label(path)} changed` });
  compareTypes(ctx, o, n, path);
  // When no type survives (array to string, number to object), what sat below the old type no longer applies.
  if (disjointTypes(o, n)) return;
  compareEnums(ctx, o, n, path);
  for (const c of compareConstraints(o, n)) emit(ctx, 'constraint', c.narrows, path, `${label(path)}: ${describeConstraint(c)}`);
  compareObject(ctx, o, n, path, depth);
  if (o.items !== undefined || n.items !== undefined) compareNode(ctx, o.items ?? true, n.items ?? true, `${path}[]`, depth + 1);
  if (Array.isArray(o.prefixItems) || Array.isArray(n.prefixItems)) {
    const op = (o.prefixItems as unknown[] | undefined) ?? [];
    const np = (n.prefixItems as unknown[] | undefined) ?? [];
    for (let i = 0; i < Math.max(op.length, np.length); i++) compareNode(ctx, op[i] ?? true, np[i] ?? true, `${path}[${i}]`, depth + 1);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) compareBranches(ctx, key, o, n, path, depth);
  const rest = (s: SchemaNode): Record<string, unknown> => Object.fromEntries(Object.entries(s).filter(([k]) => !HANDLED.has(k)));
  const ro = rest(o);
  const rn = rest(n);
  if (!same(ro, rn)) {
    const keys = [...new Set([...Object.keys(ro), ...Object.keys(rn)])].filter((k) => !same(ro[k], rn[k])).sort();
    ctx.out.push({
      kind: 'breaking',
      change: ctx.dir === 'input' ? 'schema-changed' : 'output-schema-changed',
      path,
      detail: `${keys.join(', ')} of ${label(path)} changed; compatibility cannot be proven offline`,
    });
  }
}

/** Changes between two versions of an input or output schema; paths are dotted property paths. */
export function compareSchemas(oldSchema: unknown, newSchema: unknown, dir: Direction): SchemaChange[] {
  const defs = (s: unknown): unknown => (isObject(s) ? [s.$defs, s.definitions] : null);
  const code = dir === 'input' ? 'schema-changed' : 'output-schema-changed';
  // A `$ref` bomb is exponential to walk: over the expansion budget, a change is reported, not analysed.
  const over = [oldSchema, newSchema].map((s) => measureExpansion(s).exceeded).find((x) => x !== undefined);
  if (over)
    return same(oldSchema, newSchema)
      ? []
      : [{ kind: 'breaking', change: code, path: '', detail: `the schema changed; it is not compared in detail because it has ${over} (SEP-2106 bounds)` }];
  const ctx: Ctx = {
    budget: SCHEMA_EXPANSION_BUDGET.maxNodes,
    defsSame: same(defs(oldSchema), defs(newSchema)),
    dir,
    oldRoot: oldSchema,
    newRoot: newSchema,
    out: [],
  };
  compareNode(ctx, oldSchema, newSchema, '', 0);
  return ctx.out;
}
