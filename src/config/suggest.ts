/** Levenshtein distance, case-insensitive: `allowtools` is one edit from nothing, not ten. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, i) => i);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[t.length] ?? 0;
}

/** The closest candidate, if it is close enough to be a plausible typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    // A prefix (`warn` for `warning`) is as plausible as a one-letter slip.
    const prefix = word.length >= 3 && c.toLowerCase().startsWith(word.toLowerCase());
    const d = prefix ? 1 : editDistance(word, c);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  const limit = Math.max(2, Math.floor(word.length / 3));
  return bestD <= limit ? best : undefined;
}

/** Hint text for a word that is not one of `known`. */
export function suggestHint(word: string, known: readonly string[], noun = 'known keys'): string {
  const near = closest(word, known);
  if (near) return `did you mean \`${near}\`?`;
  return known.length ? `${noun}: ${known.join(', ')}` : `no ${noun} here`;
}
