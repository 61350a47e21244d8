/**
 * Typed readers for JSON a server sent. A server controls every byte, so nothing here casts: each reader checks the
 * shape and answers `undefined` (or an empty list) for anything else, and none of them throws on any input.
 */
import { isObject, type JsonObject } from './json-object.js';

export { isObject, type JsonObject };

/** `v` when it is a JSON object (not null, not an array). */
export function obj(v: unknown): JsonObject | undefined {
  return isObject(v) ? v : undefined;
}

/** The member `key` of `v`, own members only; undefined when `v` is not an object. */
export function field(v: unknown, key: string): unknown {
  return isObject(v) && Object.hasOwn(v, key) ? v[key] : undefined;
}

/** The own member `key` of an object or an array (a JSON Pointer step: `items`, `0`). */
export function member(v: unknown, key: string): unknown {
  return typeof v === 'object' && v !== null && Object.hasOwn(v, key) ? Reflect.get(v, key) : undefined;
}

/** The value at a path of object members (`at(caps, 'resources', 'subscribe')`). */
export function at(v: unknown, ...path: readonly string[]): unknown {
  let cur = v;
  for (const key of path) cur = field(cur, key);
  return cur;
}

/** The object at a path of members, if an object is there. */
export function objAt(v: unknown, ...path: readonly string[]): JsonObject | undefined {
  return obj(at(v, ...path));
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A finite number; NaN and infinities cannot come from JSON, but a caller may pass anything. */
export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function bool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}

/** `v` when it is an array. */
export function arr(v: unknown): readonly unknown[] | undefined {
  return Array.isArray(v) ? v : undefined;
}

/** The elements of `v` that are objects; none when `v` is not an array. */
export function objects(v: unknown): JsonObject[] {
  return Array.isArray(v) ? v.filter(isObject) : [];
}

/** The elements of `v` that are strings; none when `v` is not an array. */
export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The members of an object as pairs; none when `v` is not an object. */
export function entries(v: unknown): [string, unknown][] {
  return isObject(v) ? Object.entries(v) : [];
}

/** The members of an object whose values are objects, as pairs. */
export function objectEntries(v: unknown): [string, JsonObject][] {
  return entries(v).filter((e): e is [string, JsonObject] => isObject(e[1]));
}

/** Whether `v` is one of `values` (a `readonly` tuple of literals), narrowing it to that union. */
export function oneOf<T extends string | number>(v: unknown, values: readonly T[]): v is T {
  return values.some((x) => x === v);
}

/** The `_meta` object of a result, params or notification, if it has one. */
export function metaOf(v: unknown): JsonObject | undefined {
  return objAt(v, '_meta');
}

/** The error code of a JSON-RPC error object; undefined unless it is a number. */
export function errorCode(error: unknown): number | undefined {
  return num(field(error, 'code'));
}

/** The items of a paginated list result (`tools`, `resources`, `prompts`, `resourceTemplates`) that are objects. */
export function listItems(result: unknown, key: 'tools' | 'resources' | 'prompts' | 'resourceTemplates'): JsonObject[] {
  return objects(field(result, key));
}
