import type { CheckDefinition } from '../index.js';

/** `--list`: the catalogue as a table, without running anything. */
export function listCatalogue(checks: readonly CheckDefinition[]): string {
  const w = Math.max(...checks.map((c) => c.id.length), 8);
  const lines = checks.map((c) => `${c.id.padEnd(w)}  ${c.level.padEnd(6)}  ${c.transports.join('+').padEnd(10)}  ${c.title}`);
  return [`${'CHECK'.padEnd(w)}  LEVEL   TRANSPORT   REQUIREMENT`, ...lines, `${checks.length} checks`, ''].join('\n');
}
