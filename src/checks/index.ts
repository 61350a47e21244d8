import type { CheckDefinition } from './types.js';
import { checks as auth } from './auth/index.js';
import { checks as caching } from './caching/index.js';
import { checks as capabilities } from './capabilities/index.js';
import { checks as completion } from './completion/index.js';
import { checks as discover } from './discover/index.js';
import { checks as errors } from './errors/index.js';
import { checks as httpHeaders } from './http-headers/index.js';
import { checks as httpTransport } from './http-transport/index.js';
import { checks as legacy } from './legacy/index.js';
import { checks as logging } from './logging/index.js';
import { checks as meta } from './meta/index.js';
import { checks as mrtr } from './mrtr/index.js';
import { checks as pagination } from './pagination/index.js';
import { checks as prompts } from './prompts/index.js';
import { checks as removed } from './removed/index.js';
import { checks as resources } from './resources/index.js';
import { checks as results } from './results/index.js';
import { checks as stdio } from './stdio/index.js';
import { checks as subscriptions } from './subscriptions/index.js';
import { checks as tasks } from './tasks/index.js';
import { checks as tools } from './tools/index.js';
import { checks as trace } from './trace/index.js';
import { checks as wire } from './wire/index.js';

/** Each area's list, keyed by the area (the first segment of its checks' ids). */
export const AREAS: Readonly<Record<string, readonly CheckDefinition[]>> = {
  auth,
  caching,
  capabilities,
  completion,
  discover,
  errors,
  'http-headers': httpHeaders,
  'http-transport': httpTransport,
  legacy,
  logging,
  meta,
  mrtr,
  pagination,
  prompts,
  removed,
  resources,
  results,
  stdio,
  subscriptions,
  tasks,
  tools,
  trace,
  wire,
};

/**
 * The catalogue: static, sorted by id (code units: the same order on every machine, and loading the checks does not
 * set up a locale collator, about 10 ms before a run's first request), listable without running anything.
 */
export const CHECKS: readonly CheckDefinition[] = Object.values(AREAS)
  .flat()
  .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The area of a check is the first segment of its id. */
export function areaOf(id: string): string {
  return id.split('/')[0] ?? id;
}

/** `--only` / `--skip` select by id prefix. */
export function selectChecks(all: readonly CheckDefinition[], only: readonly string[] = [], skip: readonly string[] = []): CheckDefinition[] {
  const hit = (id: string, prefixes: readonly string[]) => prefixes.some((p) => id.startsWith(p));
  return all.filter((c) => (!only.length || hit(c.id, only)) && !hit(c.id, skip));
}

export type { CheckDefinition, CheckContext, CheckOptions, CheckFailure, CheckEra, FaultTrip } from './types.js';
export { checkEras, erasOfSpec, ERA_LABEL } from './eras.js';
export { CheckStop } from './types.js';
export { SharedState } from './shared.js';
export { adoptSharedSession } from './legacy/support.js';
export { adoptSpareCopies, SpareCopies } from './stdio/support.js';
