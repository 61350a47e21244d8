/** Writes the golden documents of the report identity test (a deliberate change only; review the diff). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CASES } from './cases.js';
import { GOLDEN_DIR, produceAll } from './produce.js';

const dir = process.env.IDENTITY_OUT ?? GOLDEN_DIR;

const only = process.argv.slice(2);
const cases = only.length ? CASES.filter((c) => only.includes(c.name)) : CASES;
mkdirSync(dir, { recursive: true });
for (const p of await produceAll(cases)) {
  writeFileSync(path.join(dir, `${p.name}.json`), JSON.stringify(p, null, 1) + '\n');
  process.stdout.write(`${p.name}: exit ${p.exit}\n`);
}
