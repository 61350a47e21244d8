/**
 * Build step: writes the wire models' validators as standalone code beside the compiled wire model
 * (dist/src/spec/wire/generated/), so no run compiles a wire schema. Runs after tsc, from dist.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { typeRef, wireAjv, type WireDocument } from '../src/spec/wire/ajv-setup.js';
import { WIRE_VALIDATORS_FILE, wireDocument } from '../src/spec/wire/compile.js';
import { generatedPath } from '../src/spec/wire/validator-table.js';
import { LEGACY_VALIDATORS_FILE, legacyDocument } from '../src/spec/legacy/index.js';

const standaloneCode = standaloneModule.default;
const wireDir = new URL('../src/spec/wire/', import.meta.url);

/** Standalone CommonJS code exporting one validator per type name of `doc`. */
export function generateValidators(doc: WireDocument): string {
  const ajv = wireAjv(doc, true);
  const refs = Object.fromEntries(doc.typeNames.map((name) => [name, typeRef(doc, name)]));
  const header = `// Built by npm run build from the wire model ${doc.id} (scripts/gen-wire-validators.ts); do not edit.\n`;
  return header + standaloneCode(ajv, refs);
}

function write(doc: WireDocument, file: string): void {
  const target = new URL(generatedPath(file), wireDir);
  mkdirSync(new URL('.', target), { recursive: true });
  writeFileSync(target, generateValidators(doc));
  console.log(`wire validators: ${doc.typeNames.length} types -> ${fileURLToPath(target)}`);
}

write(wireDocument(), WIRE_VALIDATORS_FILE);
write(legacyDocument(), LEGACY_VALIDATORS_FILE);
