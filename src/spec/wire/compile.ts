/** One Ajv instance for the wire model, built on first use; validators are compiled once per type. */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { WIRE_SCHEMA_ID, WIRE_TYPE_NAMES, wireSchema } from './schema.js';

const addFormats = addFormatsModule.default;

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

// Never given a schema loader: every $ref stays inside our document and nothing is fetched (DIGEST claim 7).
function instance(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(wireSchema, WIRE_SCHEMA_ID);
  }
  return ajv;
}

/** The compiled validator of one type of the model; throws for a name the model does not define. */
export function wireValidator(typeName: string): ValidateFunction {
  let validate = validators.get(typeName);
  if (!validate) {
    if (!WIRE_TYPE_NAMES.includes(typeName)) throw new Error(`wire model: unknown type ${typeName}`);
    validate = instance().getSchema(`${WIRE_SCHEMA_ID}#/$defs/${typeName}`);
    if (!validate) throw new Error(`wire model: could not compile ${typeName}`);
    validators.set(typeName, validate);
  }
  return validate;
}
