/**
 * Writes the generated parts of docs/config.md and docs/report.md from the option table and the reporter
 * declarations (see options-doc.ts). Run: npm run docs:options
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillOptionDocs } from './options-doc.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, path.extname(fileURLToPath(import.meta.url)) === '.ts' ? '..' : '../..');

for (const doc of ['docs/config.md', 'docs/report.md']) {
  const file = path.join(repo, doc);
  writeFileSync(file, fillOptionDocs(readFileSync(file, 'utf8')));
  process.stdout.write(`${doc}: generated parts written\n`);
}
