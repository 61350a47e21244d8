import { canonicalJson } from '../../core/canonical.js';
import type { ArgMatcher } from '../golden-types.js';
import { DEFAULT_EMBEDDING_THRESHOLD, pairKey, semanticText, type SemanticScores } from '../semantic.js';

export interface ValueCheck {
  ok: boolean;
  reason: string;
}

/** BFCL normalisation: lowercase, no whitespace and none of `,./-_*^`. */
export function normalize(s: string): string {
  return s.toLowerCase().replace(/[\s,./\-_*^]/g, '');
}

/** Equal as JSON, numbers by value (1 and 1.0 are the same). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  return canonicalJson(a) === canonicalJson(b);
}

export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const tokens = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

/** Lexical stand-in for semantic similarity: share of the shorter side's words found in the other. */
export function lexicalSimilarity(a: string, b: string): number {
  const x = tokens(a);
  const y = tokens(b);
  if (!x.size || !y.size) return x.size === y.size ? 1 : 0;
  let common = 0;
  for (const t of x) if (y.has(t)) common++;
  return common / Math.min(x.size, y.size);
}

/** Word-overlap share the lexical fallback needs (no embeddings endpoint or judge configured). */
export const DEFAULT_SEMANTIC_THRESHOLD = 0.7;

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
};

/** Does one actual argument value satisfy its matcher (METRICS §2 value-ok)? */
export function checkValue(m: ArgMatcher, actual: unknown, semantic?: SemanticScores): ValueCheck {
  switch (m.kind) {
    case 'exact':
      if (!m.hasValue) return { ok: true, reason: 'present' };
      return jsonEqual(actual, m.value) ? { ok: true, reason: 'equal' } : { ok: false, reason: `expected ${show(m.value)}, got ${show(actual)}` };
    case 'normalized':
      if (!m.hasValue) return { ok: true, reason: 'present' };
      if (typeof actual === 'string' && typeof m.value === 'string')
        return normalize(actual) === normalize(m.value)
          ? { ok: true, reason: 'equal after normalisation' }
          : { ok: false, reason: `expected ${show(m.value)} (normalised), got ${show(actual)}` };
      return jsonEqual(actual, m.value) ? { ok: true, reason: 'equal' } : { ok: false, reason: `expected ${show(m.value)}, got ${show(actual)}` };
    case 'type': {
      const want = m.type ?? jsonType(m.value);
      const got = jsonType(actual);
      const ok = got === want || (want === 'number' && got === 'integer');
      return ok ? { ok, reason: `a ${got}` } : { ok, reason: `expected a ${want}, got a ${got}` };
    }
    case 'regex': {
      if (typeof actual !== 'string') return { ok: false, reason: `expected a string matching /${m.regex}/, got ${show(actual)}` };
      const ok = new RegExp(m.regex!, 'u').test(actual);
      return { ok, reason: ok ? `matches /${m.regex}/` : `${show(actual)} does not match /${m.regex}/` };
    }
    case 'one_of':
      return (m.oneOf ?? []).some((v) => jsonEqual(actual, v))
        ? { ok: true, reason: 'one of the allowed values' }
        : { ok: false, reason: `expected one of ${show(m.oneOf)}, got ${show(actual)}` };
    case 'semantic':
      return m.hasValue ? checkSemantic(m, actual, semantic) : { ok: true, reason: 'present' };
  }
}

/** Similarity precomputed by the runner (embeddings or judge); without one, the lexical fallback, which says so. */
function checkSemantic(m: ArgMatcher, actual: unknown, semantic?: SemanticScores): ValueCheck {
  const pair = { expected: semanticText(m.value), actual: semanticText(actual) };
  const sim = semantic?.scores.get(pairKey(pair));
  const vs = `${show(actual)} vs ${show(m.value)}`;
  if (semantic && sim !== undefined && semantic.via === 'judge') {
    const ok = sim >= (m.threshold ?? 1);
    return { ok, reason: `${semantic.source} ${ok ? 'judged equivalent' : 'judged not equivalent'}: ${vs}` };
  }
  if (semantic && sim !== undefined) {
    const tau = m.threshold ?? DEFAULT_EMBEDDING_THRESHOLD;
    return { ok: sim >= tau, reason: `cosine similarity ${sim.toFixed(3)} ${sim >= tau ? '≥' : '<'} ${tau} (${semantic.source}) for ${vs}` };
  }
  const tau = m.threshold ?? DEFAULT_SEMANTIC_THRESHOLD;
  const lex = lexicalSimilarity(pair.actual, pair.expected);
  return {
    ok: lex >= tau,
    reason: `lexical fallback similarity ${lex.toFixed(2)} ${lex >= tau ? '≥' : '<'} ${tau} for ${vs} (no embeddings endpoint or judge configured)`,
  };
}
