/** The validators of the 2026-07-28 wire model, generated at build time; one per type. */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { WireDocument } from './ajv-setup.js';
import { validatorTable } from './validator-table.js';
import { WIRE_SCHEMA_ID, WIRE_TYPE_NAMES, wireSchema } from './schema.js';

/** The file name the build step gives this model's generated validators. */
export const WIRE_VALIDATORS_FILE = 'wire-2026-07-28';

export const wireDocument = (): WireDocument => ({ id: WIRE_SCHEMA_ID, schema: wireSchema, typeNames: WIRE_TYPE_NAMES });

const lookup = validatorTable(wireDocument, WIRE_VALIDATORS_FILE);

/** The validator of one type of the model; throws for a name the model does not define. */
export function wireValidator(typeName: string): ValidateFunction {
  return lookup(typeName);
}

/** Loads the generated validators now, rather than at the first message checked (a run's first answer waits for them). */
export function preloadWireValidators(): void {
  lookup('Tool');
}
