/**
 * Build step: writes each supported dialect's meta-schema validator as standalone code (dist/src/core/generated/), so
 * checking a server's schema against its dialect never compiles the meta-schema at run time. The instance is made by
 * createAjv itself, so the generated code judges exactly as a runtime compile would. Runs after tsc, from dist.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { createAjv, META_SCHEMA_IDS, metaValidatorFile, type Dialect } from '../src/core/json-schema.js';

const standaloneCode = standaloneModule.default;
const coreDir = new URL('../src/core/', import.meta.url);

/** CommonJS exporting a factory: given the `safeRegExp` hook its pattern checks call, the meta-schema's validator. */
export function generateMetaValidator(d: Dialect): string {
  const ajv = createAjv(d, { standalone: true });
  const validate = ajv.getSchema(META_SCHEMA_IDS[d]);
  if (!validate) throw new Error(`no meta-schema ${META_SCHEMA_IDS[d]} in the ${d} instance`);
  const code = standaloneCode(ajv, validate);
  return [
    `// Built by npm run build from Ajv's ${d} meta-schema (scripts/gen-meta-validators.ts); do not edit.`,
    '"use strict";',
    'module.exports = function metaValidator(safeRegExp) {',
    'const module = { exports: {} };',
    'const exports = module.exports;',
    code,
    'return module.exports;',
    '};',
    '',
  ].join('\n');
}

for (const d of Object.keys(META_SCHEMA_IDS) as Dialect[]) {
  const target = new URL(metaValidatorFile(d), coreDir);
  mkdirSync(new URL('.', target), { recursive: true });
  writeFileSync(target, generateMetaValidator(d));
  console.log(`meta-schema validator: ${d} -> ${fileURLToPath(target)}`);
}
