/**
 * Writes docs/checks.md and the catalogue numbers in README.md from the catalogue (see checks-doc.ts).
 * Run: npm run docs:checks
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKS } from '../src/checks/index.js';
import { fillReadme, renderChecksDoc } from './checks-doc.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, path.extname(fileURLToPath(import.meta.url)) === '.ts' ? '..' : '../..');

writeFileSync(path.join(repo, 'docs/checks.md'), renderChecksDoc());
const readme = path.join(repo, 'README.md');
writeFileSync(readme, fillReadme(readFileSync(readme, 'utf8')));
process.stdout.write(`docs/checks.md and README.md: ${CHECKS.length} checks\n`);
