import type { Masker } from '../core/mask.js';
import type { TargetReport } from '../core/types.js';

/**
 * The report with whatever a check quoted masked, copying only the parts that hold something to mask: a deep copy
 * of a 5,000-tool report costs about 0.3 s, and one check's own title ("a Bearer WWW-Authenticate challenge") has the
 * shape of a secret. The same text as masking the whole report: masking works string by string, and the report's
 * own keys are fixed names.
 */
export function maskReport(masker: Masker, report: TargetReport): TargetReport {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(report) as [string, unknown][])
    out[key] = Array.isArray(value) ? (value as unknown[]).map((v) => maskPart(masker, v)) : maskPart(masker, value);
  return out as unknown as TargetReport;
}

function maskPart<T>(masker: Masker, v: T): T {
  if (v === null || (typeof v !== 'object' && typeof v !== 'string')) return v;
  return masker.needsMasking(typeof v === 'string' ? v : JSON.stringify(v)) ? masker.json(v) : v;
}
