// Writes docs/golden-schema.json from the zod schema the loader uses, so the published schema cannot drift.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { goldenJsonSchema } from '../src/evals/golden-json-schema.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
writeFileSync(path.join(repo, 'docs/golden-schema.json'), `${JSON.stringify(goldenJsonSchema(), null, 2)}\n`);
