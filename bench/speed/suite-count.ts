/** How many check results the official conformance suite wrote in its newest run. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A scenario's results directory: `server-<scenario>-<ISO time with - for :>`. */
const RUN_DIR = /^(.+)-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)$/;

export interface SuiteCount {
  /** Every result of the newest run, one per line the suite prints. */
  results: number;
  /** The same, with a check id repeated within a scenario counted once (the suite's own collapse for its exit code). */
  collapsed: number;
  scenarios: number;
}

/**
 * Each run of the suite with the same `-o` adds one directory per scenario, so a paired bench that runs it several
 * times must count only the newest directory of each scenario, or it counts every round's results as one run's.
 */
export function countSuiteChecks(dir: string): SuiteCount {
  const newest = new Map<string, { stamp: string; name: string }>();
  for (const name of readdirSync(dir)) {
    const m = RUN_DIR.exec(name);
    if (!m) continue;
    const [, scenario, stamp] = m as unknown as [string, string, string];
    if (stamp > (newest.get(scenario)?.stamp ?? '')) newest.set(scenario, { stamp, name });
  }
  let results = 0;
  let collapsed = 0;
  for (const { name } of newest.values()) {
    let checks: { id: string }[];
    try {
      checks = JSON.parse(readFileSync(path.join(dir, name, 'checks.json'), 'utf8')) as { id: string }[];
    } catch {
      continue;
    }
    results += checks.length;
    collapsed += new Set(checks.map((c) => c.id)).size;
  }
  return { results, collapsed, scenarios: newest.size };
}
