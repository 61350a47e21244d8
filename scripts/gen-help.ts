/**
 * Build step: stores the top-level help (what commander prints for `mcp-assay --help` on an 80-column stdout without
 * colour) beside the CLI entry, so that `--help` prints it without loading commander and the option table. Runs after
 * tsc, from dist; test/cli/printed-help.test.ts proves the stored text is still commander's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printedHelp } from '../src/cli/printed-help.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/cli/generated');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, 'top-help.txt');
writeFileSync(file, await printedHelp());
console.log(`top-level help -> ${file}`);
