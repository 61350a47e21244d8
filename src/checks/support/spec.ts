import type { SpecRef } from '../../core/types.js';
import { MODERN_VERSION } from '../../spec/constants.js';

/** A requirement introduced in 2026-07-28. */
export function since2026(section: string, quote: string, sep?: number): SpecRef {
  return { revision: { since: MODERN_VERSION }, section, ...(sep ? { sep } : {}), quote };
}

export const BOTH = ['http', 'stdio'] as const satisfies readonly ('http' | 'stdio')[];
export const HTTP_ONLY = ['http'] as const satisfies readonly ('http' | 'stdio')[];
