/**
 * The one Ajv set-up of the wire models: the build step generates standalone validators from it, and a run from
 * TypeScript source (no build output beside it) compiles with it, so both judge alike.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { _ } from 'ajv/dist/compile/codegen/index.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './schema-helpers.js';

const addFormats = addFormatsModule.default;

/** A wire model as one JSON Schema document whose types sit under `$defs`. */
export interface WireDocument {
  id: string;
  schema: JsonSchema;
  typeNames: readonly string[];
}

// Never given a schema loader: every $ref stays inside our document and nothing is fetched (DIGEST claim 7).
export function wireAjv(doc: WireDocument, standalone = false): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    // Standalone code names where its format checks come from; the runtime instance carries them itself.
    ...(standalone ? { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } } : {}),
  });
  addFormats(ajv);
  ajv.addSchema(doc.schema, doc.id);
  return ajv;
}

/** The reference of one type inside its document, as Ajv resolves it. */
export const typeRef = (doc: WireDocument, typeName: string): string => `${doc.id}#/$defs/${typeName}`;
