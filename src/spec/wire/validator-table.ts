/**
 * Validators of one wire model, by type name. The build generates them as standalone code (generated/<file>.cjs),
 * so a run compiles no wire schema; only a run straight from TypeScript source compiles them, on first use.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { WireDocument } from './ajv-setup.js';

export type ValidatorLookup = (typeName: string) => ValidateFunction;

const fromSource = import.meta.url.endsWith('.ts');
const load = createRequire(import.meta.url);

/** The generated module's path relative to this file, shared with the build step that writes it. */
export const generatedPath = (file: string): string => `./generated/${file}.cjs`;

function precompiled(doc: WireDocument, file: string): Record<string, ValidateFunction> {
  try {
    return load(generatedPath(file)) as Record<string, ValidateFunction>;
  } catch (err) {
    throw new Error(`wire model ${doc.id}: the build output ${generatedPath(file)} is missing or broken; run npm run build`, { cause: err });
  }
}

function compiledFromSource(doc: WireDocument): ValidatorLookup {
  // Loaded only here, so a built run never pulls in the schema compiler for the wire.
  const { wireAjv, typeRef } = load('./ajv-setup.ts') as typeof import('./ajv-setup.js');
  const ajv = wireAjv(doc);
  return (typeName) => {
    const v = ajv.getSchema(typeRef(doc, typeName));
    if (!v) throw new Error(`wire model ${doc.id}: could not compile ${typeName}`);
    return v;
  };
}

/** A lookup that loads the model's validators on first use and throws for a name the model does not define. */
export function validatorTable(doc: () => WireDocument, file: string): ValidatorLookup {
  let lookup: ValidatorLookup | undefined;
  let names: ReadonlySet<string> | undefined;
  return (typeName) => {
    if (!lookup || !names) {
      const d = doc();
      names = new Set(d.typeNames);
      if (fromSource) lookup = compiledFromSource(d);
      else {
        const table = precompiled(d, file);
        lookup = (name) => {
          const v = table[name];
          if (!v) throw new Error(`wire model ${d.id}: ${name} is missing from the build output; run npm run build`);
          return v;
        };
      }
    }
    if (!names.has(typeName)) throw new Error(`wire model: unknown type ${typeName}`);
    return lookup(typeName);
  };
}
