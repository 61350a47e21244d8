/**
 * Canonical JSON: object keys sorted by UTF-16 code units at every depth, no undefined, `-0` as `0`.
 * Written by hand because JS objects iterate integer-like keys first whatever the insertion order.
 */
import { createHash } from 'node:crypto';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Deep copy keeping only JSON values; functions, symbols and undefined members are dropped. */
export function toJson(value: unknown, depth = 0): Json | undefined {
  if (depth > 256) throw new Error('value nests deeper than 256 levels');
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : null;
    case 'object': {
      if (Array.isArray(value)) return value.map((v) => toJson(v, depth + 1) ?? null);
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const j = toJson(v, depth + 1);
        // Plain assignment is much faster than defineProperty; only `__proto__` would reach a setter.
        if (j === undefined) continue;
        if (k === '__proto__') setOwn(out, k, j);
        else out[k] = j;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** DEL and C1 controls, format characters (zero-width, bidi, tags) and variation selectors: a reviewer could not see them. */
const INVISIBLE = /[\u007f-\u009f\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/gu;

export function escapeInvisible(json: string): string {
  return json.replace(INVISIBLE, (ch) => {
    let out = '';
    for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
    return out;
  });
}

/** Canonical array indices, which objects always enumerate first in numeric order, whatever the insertion order. */
const INDEX_KEY = /^(?:0|[1-9]\d*)$/;
/** `INDEX_KEY` with the common case (not starting with a digit) decided without the regex. */
const indexLike = (k: string): boolean => {
  const c = k.charCodeAt(0);
  return c >= 48 && c <= 57 && INDEX_KEY.test(k);
};
class NeedsSlowPath extends Error {}

/**
 * Orders each object's keys for JSON.stringify (a copy only when they are out of order), so the native serialiser does
 * the work. A key that looks like an array index cannot be placed by insertion order, so such a value takes the
 * hand-written path; a symbol is written as null there, and here too.
 */
function sortedKeys(this: unknown, _key: string, v: unknown): unknown {
  if (typeof v === 'symbol') return null;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  let sorted = true;
  for (let i = 0; i < keys.length; i++) {
    if (indexLike(keys[i] as string)) throw new NeedsSlowPath();
    if (i && (keys[i - 1] as string) > (keys[i] as string)) sorted = false;
  }
  if (sorted) return v;
  keys.sort(compareKeys);
  // No prototype, so a `__proto__` key is copied as an ordinary key.
  const out = Object.create(null) as Record<string, unknown>;
  for (const k of keys) out[k] = (v as Record<string, unknown>)[k];
  return out;
}

export interface CanonicalOptions {
  baseLevel?: number;
  liftKeys?: readonly string[];
  escapeInvisible?: boolean;
}

/** The top-level object with `lift` keys first, the rest sorted; arrays and scalars go through `sortedKeys`. */
function lifted(v: unknown, lift: readonly string[]): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return sortedKeys.call(undefined, '', v);
  const keys = Object.keys(v);
  if (keys.some((k) => INDEX_KEY.test(k))) throw new NeedsSlowPath();
  keys.sort(compareKeys);
  const front = lift.filter((k) => keys.includes(k));
  const out = Object.create(null) as Record<string, unknown>;
  for (const k of [...front, ...keys.filter((k) => !front.includes(k))]) out[k] = (v as Record<string, unknown>)[k];
  return out;
}

/** The native serialiser with keys ordered; undefined when the value needs the hand-written path. */
function native(value: unknown, indent: number, opts: CanonicalOptions): string | undefined {
  if (value === undefined) return undefined;
  const lift = opts.liftKeys;
  let root = true;
  const replacer = lift
    ? function (this: unknown, key: string, v: unknown): unknown {
        if (!root) return sortedKeys.call(this, key, v);
        root = false;
        return lifted(v, lift);
      }
    : sortedKeys;
  let text: string | undefined;
  try {
    text = JSON.stringify(value, replacer, indent || undefined);
  } catch (e) {
    if (e instanceof NeedsSlowPath) return undefined;
    throw e;
  }
  if (text === undefined) return undefined;
  // Strings never hold a raw line break (JSON escapes it), so every newline is layout and takes the base indent.
  const base = opts.baseLevel ?? 0;
  if (indent && base > 0) text = text.replace(/\n/g, `\n${' '.repeat(indent * base)}`);
  // Invisible characters can only sit inside strings (keys or values), so escaping the whole text escapes just those.
  return opts.escapeInvisible ? escapeInvisible(text) : text;
}

/** 0: not plain JSON; 1: plain JSON; 2: plain JSON whose objects all list their keys in canonical order, none index-like. */
type TreeState = 0 | 1 | 2;

function walk(v: unknown, depth: number): TreeState {
  if (depth > 256) return 0;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return 2;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? 2 : 0;
  if (typeof v !== 'object') return 0;
  let state: TreeState = 2;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return 0;
    for (let i = 0; i < v.length; i++) {
      const s = walk(v[i], depth + 1);
      if (s === 0) return 0;
      if (s === 1) state = 1;
    }
    return state;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return 0;
  let prev: string | undefined;
  for (const k in v) {
    if (!Object.hasOwn(v, k)) return 0;
    if (state === 2 && ((prev !== undefined && prev > k) || indexLike(k))) state = 1;
    prev = k;
    const s = walk((v as Record<string, unknown>)[k], depth + 1);
    if (s === 0) return 0;
    if (s === 1) state = 1;
  }
  return state;
}

/**
 * How far `entity` (an object) already is what `toJson` would copy it to, as `JSON.parse` output nearly always is.
 * `json`: no copy is needed. `ordered`: also every object below the top lists its keys in canonical order with none
 * index-like (a snapshot file is written so), so `canonicalEntityText` can skip the key-ordering replacer.
 */
export function entityState(entity: object): { json: boolean; ordered: boolean } {
  const no = { json: false, ordered: false };
  if (Array.isArray(entity)) {
    const s = walk(entity, 0);
    return { json: s !== 0, ordered: s === 2 };
  }
  const proto = Object.getPrototypeOf(entity) as unknown;
  if (proto !== Object.prototype && proto !== null) return no;
  let ordered = true;
  for (const k in entity) {
    if (!Object.hasOwn(entity, k)) return no;
    if (indexLike(k)) ordered = false;
    const c = walk((entity as Record<string, unknown>)[k], 1);
    if (c === 0) return no;
    if (c === 1) ordered = false;
  }
  return { json: true, ordered };
}

/** `canonicalStringify` of an entity `entityState` found ordered: only its own keys need sorting. */
export function orderedEntityText(entity: Record<string, unknown>): string {
  const keys = Object.keys(entity).sort(compareKeys);
  const top = Object.create(null) as Record<string, unknown>;
  for (const k of keys) top[k] = entity[k];
  return JSON.stringify(top);
}

/**
 * Canonical text of a whole document in one native pass, invisible characters escaped: the top level keeps its
 * insertion order, `liftFor(holder, key)` names the keys to put first in the object under that key (the rest sorted),
 * every other object has sorted keys. Undefined when some object needs the hand-written path (index-like keys).
 */
export function canonicalDocument(
  doc: Record<string, unknown>,
  indent: number,
  liftFor: (holder: unknown, key: string) => readonly string[] | undefined,
): string | undefined {
  let root = true;
  const replacer = function (this: unknown, key: string, v: unknown): unknown {
    if (root) {
      root = false;
      return v;
    }
    // Most values are scalars: no lift to look up.
    if (v === null || typeof v !== 'object') return typeof v === 'symbol' ? null : v;
    const lift = liftFor(this, key);
    return lift ? lifted(v, lift) : sortedKeys.call(this, key, v);
  };
  try {
    return escapeInvisible(JSON.stringify(doc, replacer, indent));
  } catch (e) {
    if (e instanceof NeedsSlowPath) return undefined;
    throw e;
  }
}

/**
 * Serialise with sorted keys. `indent` 0 gives the compact form used for hashing.
 * `baseLevel` lets a caller embed the output at that nesting level; `liftKeys` moves identity keys
 * (name, uri) to the front of the outermost object only, so lockfile entries read naturally.
 */
export function canonicalStringify(value: unknown, indent = 0, opts: CanonicalOptions = {}): string {
  // Through the native serialiser with a replacer that orders keys: about 10x faster on a large catalogue.
  return native(value, indent, opts) ?? handWrittenCanonical(value, indent, opts);
}

/** The reference serialiser: any value, including objects with array-index-like keys, which V8 would reorder. */
export function handWrittenCanonical(value: unknown, indent = 0, opts: CanonicalOptions = {}): string {
  const parts: string[] = [];
  const base = opts.baseLevel ?? 0;
  const str = (x: unknown): string => (opts.escapeInvisible ? escapeInvisible(JSON.stringify(x)) : JSON.stringify(x));
  write(value, base);
  return parts.join('');

  function write(v: unknown, level: number): void {
    if (v === null || v === undefined || typeof v === 'function' || typeof v === 'symbol') {
      parts.push('null');
      return;
    }
    if (typeof v === 'number') {
      parts.push(Number.isFinite(v) ? JSON.stringify(Object.is(v, -0) ? 0 : v) : 'null');
      return;
    }
    if (typeof v !== 'object') {
      parts.push(str(v));
      return;
    }
    const pad = indent ? '\n' + ' '.repeat(indent * (level + 1)) : '';
    const end = indent ? '\n' + ' '.repeat(indent * level) : '';
    if (Array.isArray(v)) {
      if (v.length === 0) return void parts.push('[]');
      parts.push('[');
      v.forEach((item, i) => {
        parts.push(i ? ',' + pad : pad);
        write(item === undefined ? null : item, level + 1);
      });
      parts.push(end + ']');
      return;
    }
    const obj = v as Record<string, unknown>;
    let keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined && typeof obj[k] !== 'function')
      .sort(compareKeys);
    if (opts.liftKeys && level === base) {
      const front = opts.liftKeys.filter((k) => keys.includes(k));
      keys = [...front, ...keys.filter((k) => !front.includes(k))];
    }
    if (keys.length === 0) return void parts.push('{}');
    parts.push('{');
    keys.forEach((k, i) => {
      parts.push((i ? ',' : '') + pad + str(k) + (indent ? ': ' : ':'));
      write(obj[k], level + 1);
    });
    parts.push(end + '}');
  }
}

/** Assign without invoking setters, so a key such as `__proto__` in server JSON stays an ordinary key. */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

export function sha256(text: string): string {
  return 'sha256:' + createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Content hash of any JSON value, independent of key order. */
export function hashJson(value: unknown): string {
  return sha256(canonicalStringify(value));
}
