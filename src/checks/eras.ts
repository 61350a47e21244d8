import type { SpecRef } from '../core/types.js';
import { LEGACY_VERSION, MODERN_VERSION } from '../spec/constants.js';
import type { CheckDefinition, CheckEra } from './types.js';

/** Revisions in order; a requirement is in force from `since` until (not including) `until`. */
const before = (a: string, b: string): boolean => a < b;

/** The eras a requirement exists in, from its revision range (2025 era: 2025-11-25; modern: 2026-07-28). */
export function erasOfSpec(spec: SpecRef): CheckEra[] {
  const { since, until } = spec.revision;
  const inForce = (rev: string) => !before(rev, since) && (until === undefined || before(rev, until));
  const out: CheckEra[] = [];
  if (inForce(LEGACY_VERSION)) out.push('legacy');
  if (inForce(MODERN_VERSION)) out.push('modern');
  return out;
}

/** The eras a check judges: what it declares, else what its requirement's revision range says. */
export function checkEras(def: Pick<CheckDefinition, 'eras' | 'spec'>): CheckEra[] {
  return def.eras ? [...def.eras] : erasOfSpec(def.spec);
}

export const ERA_LABEL: Record<CheckEra, string> = { legacy: LEGACY_VERSION, modern: MODERN_VERSION };
