/** The flat field schemas an elicitation form may ask for (schema.ts PrimitiveSchemaDefinition). */
import { arr, bool, int, lit, num, obj, oneOfStrings, ref, str, strings, type JsonSchema } from './schema-helpers.js';

const labels = { title: str, description: str };
const titledOption = obj({ const: str, title: str }, ['const', 'title']);
const multi = { ...labels, type: lit('array'), minItems: int, maxItems: int, default: strings };
const titledItems: JsonSchema = { properties: { items: { required: ['anyOf'] } } };
/** Applies `then` when `type` matches and the extra condition holds. */
const when = (type: string | string[], then: string, also: JsonSchema = {}): JsonSchema => ({
  if: { allOf: [{ required: ['type'], properties: { type: Array.isArray(type) ? { enum: type } : { const: type } } }, also] },
  then: ref(then),
});

export const elicitSchemaDefs: Record<string, JsonSchema> = {
  StringSchema: obj(
    { ...labels, type: lit('string'), minLength: int, maxLength: int, format: oneOfStrings('email', 'uri', 'date', 'date-time'), default: str },
    ['type'],
  ),
  // minimum, maximum and default are numbers, not integers, since 2026-07-28 (DIGEST §a "Schema").
  NumberSchema: obj({ ...labels, type: oneOfStrings('number', 'integer'), minimum: num, maximum: num, default: num }, ['type']),
  BooleanSchema: obj({ ...labels, type: lit('boolean'), default: bool }, ['type']),
  UntitledSingleSelectEnumSchema: obj({ ...labels, type: lit('string'), enum: strings, default: str }, ['type', 'enum']),
  TitledSingleSelectEnumSchema: obj({ ...labels, type: lit('string'), oneOf: arr(titledOption), default: str }, ['type', 'oneOf']),
  UntitledMultiSelectEnumSchema: obj({ ...multi, items: obj({ type: lit('string'), enum: strings }, ['type', 'enum']) }, ['type', 'items']),
  TitledMultiSelectEnumSchema: obj({ ...multi, items: obj({ anyOf: arr(titledOption) }, ['anyOf']) }, ['type', 'items']),
  LegacyTitledEnumSchema: obj({ ...labels, type: lit('string'), enum: strings, enumNames: strings, default: str }, ['type', 'enum']),
  /** Chosen by `type`, then by the member that marks the variant (`enum`, `enumNames`, `oneOf`, `items.anyOf`). */
  PrimitiveSchemaDefinition: {
    type: 'object',
    required: ['type'],
    properties: { type: oneOfStrings('string', 'number', 'integer', 'boolean', 'array') },
    allOf: [
      when('string', 'UntitledSingleSelectEnumSchema', { required: ['enum'], not: { required: ['enumNames'] } }),
      when('string', 'LegacyTitledEnumSchema', { required: ['enum', 'enumNames'] }),
      when('string', 'TitledSingleSelectEnumSchema', { required: ['oneOf'], not: { required: ['enum'] } }),
      when('string', 'StringSchema', { not: { anyOf: [{ required: ['enum'] }, { required: ['oneOf'] }] } }),
      when(['number', 'integer'], 'NumberSchema'),
      when('boolean', 'BooleanSchema'),
      when('array', 'TitledMultiSelectEnumSchema', titledItems),
      when('array', 'UntitledMultiSelectEnumSchema', { not: titledItems }),
    ],
  },
};
