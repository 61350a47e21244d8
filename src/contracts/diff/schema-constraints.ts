/** Validation keywords that bound a value, and whether a change tightens or loosens the bound (JSON Schema 2020-12 validation vocabulary). */
import { canonicalStringify } from '../shared/canonical.js';
import type { SchemaNode } from '../schema/schema-util.js';

type Sense = 'lower' | 'upper' | 'flag' | 'opaque';

const BOUNDS: Record<string, Sense> = {
  minLength: 'lower',
  minimum: 'lower',
  exclusiveMinimum: 'lower',
  minItems: 'lower',
  minProperties: 'lower',
  minContains: 'lower',
  maxLength: 'upper',
  maximum: 'upper',
  exclusiveMaximum: 'upper',
  maxItems: 'upper',
  maxProperties: 'upper',
  maxContains: 'upper',
  uniqueItems: 'flag',
  pattern: 'opaque',
  format: 'opaque',
  multipleOf: 'opaque',
};

export const CONSTRAINT_KEYS: readonly string[] = Object.keys(BOUNDS);

export interface ConstraintChange {
  key: string;
  from: unknown;
  to: unknown;
  narrows: boolean;
}

/** An added bound narrows; a removed one widens; a changed pattern, format or multipleOf counts as narrowing (not provable). */
export function compareConstraints(o: SchemaNode, n: SchemaNode): ConstraintChange[] {
  const out: ConstraintChange[] = [];
  for (const [key, sense] of Object.entries(BOUNDS)) {
    const a = o[key];
    const b = n[key];
    if (canonicalStringify(a) === canonicalStringify(b)) continue;
    let narrows: boolean;
    if (a === undefined) narrows = sense === 'flag' ? b === true : true;
    else if (b === undefined) narrows = false;
    else if (sense === 'lower' && typeof a === 'number' && typeof b === 'number') narrows = b > a;
    else if (sense === 'upper' && typeof a === 'number' && typeof b === 'number') narrows = b < a;
    else if (sense === 'flag') narrows = b === true;
    else narrows = true;
    out.push({ key, from: a, to: b, narrows });
  }
  return out;
}

export function describeConstraint(c: ConstraintChange): string {
  const show = (v: unknown): string => (v === undefined ? '(none)' : canonicalStringify(v));
  return `${c.key} ${show(c.from)} → ${show(c.to)}`;
}
