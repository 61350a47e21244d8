/** Small builders so the wire model reads like the spec's type list rather than raw JSON Schema. */
export type JsonSchema = { [keyword: string]: unknown };

export const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
export const num: JsonSchema = { type: 'number' };
export const bool: JsonSchema = { type: 'boolean' };
/** Any JSON value (schema.ts types these as `unknown` or `JSONValue`). */
export const any: JsonSchema = {};
export const uri: JsonSchema = { type: 'string', format: 'uri' };
export const uriTemplate: JsonSchema = { type: 'string', format: 'uri-template' };
/** Base64 payloads (image, audio, blob). */
export const base64: JsonSchema = { type: 'string', format: 'byte' };
export const strings: JsonSchema = { type: 'array', items: str };

export const arr = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
// `const`/`enum` alone imply the type, so a wrong value yields one issue rather than two.
export const lit = (value: string | number): JsonSchema => ({ const: value });
export const oneOfStrings = (...values: string[]): JsonSchema => ({ enum: values });
/** An open object: unknown members are allowed everywhere on the MCP wire. */
export const obj = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema =>
  required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
export const mapOf = (values: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: values });

/**
 * A tagged union chosen by one member (`type`, `method`, …): `if`/`then` per tag keeps the
 * verdict of a plain `anyOf` but reports the errors of the branch that was meant, not of all.
 */
export function tagged(tag: string, branches: Record<string, string>): JsonSchema {
  const tags = Object.keys(branches);
  return {
    type: 'object',
    required: [tag],
    properties: { [tag]: { enum: tags } },
    allOf: tags.map((value) => ({
      if: { required: [tag], properties: { [tag]: { const: value } } },
      then: ref(branches[value] as string),
    })),
  };
}

/** Members every result shares (DIGEST §d: `resultType` is required on every result). */
export const resultMembers: Record<string, JsonSchema> = { _meta: ref('ResultMetaObject'), resultType: str };
/** CacheableResult members (DIGEST §d, SEP-2549): integer `ttlMs >= 0`, `cacheScope` public|private. */
export const cacheMembers: Record<string, JsonSchema> = {
  ttlMs: { type: 'integer', minimum: 0 },
  cacheScope: oneOfStrings('public', 'private'),
};
export const cacheRequired = ['resultType', 'ttlMs', 'cacheScope'];
