/**
 * Canonical JSON by copying: a deep copy of plain JSON with every object's keys in canonical order, which the native
 * serialiser then writes with no replacer. For values whose keys are out of order (a server's schemas) that is about
 * twice as fast as ordering keys in a replacer, which the serialiser calls for every value, scalars included.
 */
import { canonicalStringify } from './canonical.js';

class NotPlain extends Error {}

/** Canonical array indices, which objects always enumerate first in numeric order, whatever the insertion order. */
const INDEX_KEY = /^(?:0|[1-9]\d*)$/;
const indexLike = (k: string): boolean => {
  const c = k.charCodeAt(0);
  return c >= 48 && c <= 57 && INDEX_KEY.test(k);
};
const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Anything but plain JSON (undefined, functions, symbols, -0, non-finite numbers, class instances, index-like keys) throws. */
function copy(v: unknown, depth: number): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || Object.is(v, -0)) throw new NotPlain();
    return v;
  }
  if (typeof v !== 'object' || depth > 256) throw new NotPlain();
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) throw new NotPlain();
    const out: unknown[] = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copy(v[i], depth + 1);
    return out;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new NotPlain();
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  for (const k of keys) if (indexLike(k)) throw new NotPlain();
  keys.sort(compareKeys);
  // A plain object keeps its keys in insertion order and shares its shape with every copy of the same keys (an object
  // without a prototype is a hash table of its own, about three times the memory); a `__proto__` key needs one.
  const out = (keys.includes('__proto__') ? Object.create(null) : {}) as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    out[k] = copy(o[k], depth + 1);
  }
  return out;
}

/** The copy, or undefined when `v` is not plain JSON (the caller then takes the general path). */
export function canonicalCopy(v: unknown): unknown {
  try {
    return copy(v, 0);
  } catch (e) {
    if (e instanceof NotPlain) return undefined;
    throw e;
  }
}

/**
 * A canonical copy of an object with `lift` keys moved to the front (the rest stay sorted), or undefined. `made`: the
 * canonical copy of `v` already made (only its top level is copied again).
 */
export function liftedCopy(v: unknown, lift: readonly string[], made?: unknown): Record<string, unknown> | undefined {
  const c = made ?? canonicalCopy(v);
  if (c === undefined || c === null || typeof c !== 'object' || Array.isArray(c)) return undefined;
  const sorted = c as Record<string, unknown>;
  const out = (Object.hasOwn(sorted, '__proto__') ? Object.create(null) : {}) as Record<string, unknown>;
  for (const k of lift) if (Object.hasOwn(sorted, k)) out[k] = sorted[k];
  for (const k of Object.keys(sorted)) if (!lift.includes(k)) out[k] = sorted[k];
  return out;
}

/** `canonicalStringify(v)` (compact), through a canonical copy when `v` is plain JSON. */
export function canonicalText(v: unknown): string {
  const c = canonicalCopy(v);
  return c === undefined ? canonicalStringify(v) : JSON.stringify(c);
}

/** True when `v` is plain JSON frozen at every level (a parsed answer shared between readers): a copy would be equal and could not be safer. */
export function isFrozenJson(v: unknown, depth = 0): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== 'object' || depth > 256 || !Object.isFrozen(v)) return false;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return false;
    for (let i = 0; i < v.length; i++) if (!isFrozenJson(v[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k in v) if (!Object.hasOwn(v, k) || !isFrozenJson((v as Record<string, unknown>)[k], depth + 1)) return false;
  return true;
}
