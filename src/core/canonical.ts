/** JSON with keys sorted at every depth: equal data, equal text (hashes, cache keys, value comparison); `null` for nothing. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(sortKeys(v)) ?? 'null';
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}
