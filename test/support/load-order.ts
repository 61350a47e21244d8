import { readFileSync } from 'node:fs';

/**
 * The index of the first `load <url>` line of a load-order log that loads check code. The bundle names its chunks by
 * hash, so a chunk holds the checks when its source map lists a file of src/checks/; without a map (the compiled
 * modules), the path says it. -1 when no check code was loaded.
 */
export function firstCheckModule(order: readonly string[]): number {
  return order.findIndex((l) => {
    if (!l.startsWith('load ') || !l.endsWith('.js')) return false;
    try {
      return (JSON.parse(readFileSync(new URL(`${l.slice(5)}.map`), 'utf8')) as { sources: string[] }).sources.some((s) => s.includes('/src/checks/'));
    } catch {
      return l.includes('/src/checks/');
    }
  });
}
