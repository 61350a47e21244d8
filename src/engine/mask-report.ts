import type { Masker } from '../core/mask.js';
import type { TargetReport, WireEntry } from '../core/types.js';

/**
 * The report with whatever a check quoted masked, copying only the parts that hold something to mask: a deep copy
 * of a 5,000-tool report costs about 0.3 s, and one check's own title ("a Bearer WWW-Authenticate challenge") has the
 * shape of a secret. The same text as masking the whole report: masking works string by string, and the report's
 * own keys are fixed names. A wire entry the recorder masked with every secret known now (`maskedAsNow`) is searched
 * only in what the recorder did not mask (labels, names, keys), not serialised again with its body.
 */
export function maskReport(masker: Masker, report: TargetReport, maskedAsNow: (e: WireEntry) => boolean = () => false): TargetReport {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(report) as [string, unknown][])
    out[key] =
      key === 'wire'
        ? (value as WireEntry[]).map((e) => (maskedAsNow(e) ? maskUnmasked(masker, e) : maskPart(masker, e)))
        : Array.isArray(value)
          ? (value as unknown[]).map((v) => maskPart(masker, v))
          : maskPart(masker, value);
  return out as unknown as TargetReport;
}

function maskPart<T>(masker: Masker, v: T): T {
  if (v === null || (typeof v !== 'object' && typeof v !== 'string')) return v;
  return masker.needsMasking(typeof v === 'string' ? v : JSON.stringify(v)) ? masker.json(v) : v;
}

/**
 * An entry whose texts are masked already: only its other strings can hold something to mask (every key, the
 * labels, the header names); each stays a JSON string of its own, as in the whole entry's text, so no match spans two.
 * Masking again what is masked changes nothing, so when one of them needs it the whole entry is masked as before.
 */
function maskUnmasked(masker: Masker, e: WireEntry): WireEntry {
  const { body: _b, raw: _r, retry, http, ...rest } = e;
  const unmasked = [rest, Object.keys(e), retry ? Object.keys(retry) : 0, http ? [Object.keys(http), http.method ?? 0, Object.keys(http.headers ?? {})] : 0];
  return masker.needsMasking(JSON.stringify(unmasked)) ? masker.json(e) : e;
}
