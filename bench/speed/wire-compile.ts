/**
 * Cost of the wire validators, as its own process: `precompiled` loads the build's generated validators of both
 * models, `runtime` compiles the same models with Ajv (what every run did before they were generated at build time).
 */
import { createRequire } from 'node:module';
import { typeRef, wireAjv } from '../../src/spec/wire/ajv-setup.js';
import { WIRE_VALIDATORS_FILE, wireDocument } from '../../src/spec/wire/compile.js';
import { generatedPath } from '../../src/spec/wire/validator-table.js';
import { LEGACY_VALIDATORS_FILE, legacyDocument } from '../../src/spec/legacy/index.js';

const mode = process.argv[2];
const docs = [
  { doc: wireDocument(), file: WIRE_VALIDATORS_FILE },
  { doc: legacyDocument(), file: LEGACY_VALIDATORS_FILE },
];
const load = createRequire(new URL('../../src/spec/wire/compile.js', import.meta.url));
let n = 0;
for (const { doc, file } of docs) {
  if (mode === 'precompiled') {
    const table = load(generatedPath(file)) as Record<string, unknown>;
    n += doc.typeNames.filter((name) => typeof table[name] === 'function').length;
  } else if (mode === 'runtime') {
    const ajv = wireAjv(doc);
    n += doc.typeNames.filter((name) => ajv.getSchema(typeRef(doc, name))).length;
  } else throw new Error('usage: wire-compile.js precompiled|runtime');
}
if (n !== docs.reduce((sum, d) => sum + d.doc.typeNames.length, 0)) throw new Error(`only ${n} validators`);
