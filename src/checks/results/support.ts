import type { Ajv, AnySchema, ValidateFunction } from 'ajv';
import { describeAjvError, sharedAjvPool } from '../../core/json-schema.js';
import { dialectOf, isNetworkRef, measureSchema, type Dialect } from '../support/schema.js';

export type Compiled = { validate: ValidateFunction } | { skipped: string };

/**
 * Validators for tool outputSchemas, from the process's shared Ajv pool. Never given `loadSchema`, so a network
 * `$ref` is never fetched (SEP-2106): such schemas are skipped, as are unsupported dialects and oversized schemas.
 */
export class OutputValidator {
  private ajv(d: Dialect): Ajv {
    return sharedAjvPool.get(d);
  }

  compile(schema: unknown): Compiled {
    if (typeof schema === 'boolean') return { validate: this.ajv('2020-12').compile(schema) };
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return { skipped: 'outputSchema is not a schema object' };
    const shape = measureSchema(schema);
    if (shape.exceeded) return { skipped: `outputSchema is over the validation-cost bound (${shape.exceeded})` };
    const network = shape.refs.find((r) => isNetworkRef(r.ref, shape));
    if (network) return { skipped: `outputSchema needs the network $ref ${network.ref}, which is never fetched` };
    const { dialect, declared } = dialectOf(schema);
    if (!dialect) return { skipped: `outputSchema declares dialect ${declared}, which mcp-assay does not validate` };
    const ajv = this.ajv(dialect);
    // A schema $id must not collide with one compiled for another tool.
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id === 'string') ajv.removeSchema(id);
    try {
      return { validate: ajv.compile(schema as AnySchema) };
    } catch (e) {
      return { skipped: `outputSchema does not compile (${String((e as Error).message).slice(0, 120)}; see tools/schema-valid)` };
    } finally {
      // The compiled function stays usable; the shared instance keeps nothing for the next schema to collide with.
      ajv.removeSchema(schema);
      if (typeof id === 'string') ajv.removeSchema(id);
    }
  }
}

/** Ajv errors as short lines: `/path message`. */
export function errorLines(v: ValidateFunction): string[] {
  return (v.errors ?? []).map(describeAjvError);
}
