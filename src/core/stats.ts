/** Rates with their uncertainty (METRICS §6): Wilson 95% intervals, pass@k and pass^k. */

export const Z95 = 1.96;

/** A rate with n and its Wilson 95% interval; `rate` is null when nothing was measured (n = 0). */
export interface Rate {
  c: number;
  n: number;
  rate: number | null;
  lo: number | null;
  hi: number | null;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

export function wilson(c: number, n: number, z = Z95): { lo: number; hi: number } {
  if (n === 0) return { lo: 0, hi: 1 };
  const z2 = z * z;
  const centre = (c + z2 / 2) / (n + z2);
  const half = (z / (n + z2)) * Math.sqrt((c * (n - c)) / n + z2 / 4);
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

export function rate(c: number, n: number): Rate {
  if (n === 0) return { c, n, rate: null, lo: null, hi: null };
  const w = wilson(c, n);
  return { c, n, rate: round(c / n), lo: round(w.lo), hi: round(w.hi) };
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Chance that at least one of k runs drawn from the n passes (unbiased estimator). */
export function passAtK(c: number, n: number, k: number): number | null {
  if (n === 0 || k > n) return null;
  return round(1 - choose(n - c, k) / choose(n, k));
}

/** Chance that all k runs pass: C(c,k)/C(n,k); pass^n is 1 iff every run passed. */
export function passHatK(c: number, n: number, k: number): number | null {
  if (n === 0 || k > n) return null;
  return round(choose(c, k) / choose(n, k));
}

/**
 * Cohen's kappa for two raters on binary labels (METRICS §5): (p_o − p_e) / (1 − p_e). Returns 1 when both raters
 * agree perfectly on a single class (p_e = 1), where the formula is undefined.
 */
export function cohensKappa(pairs: readonly [boolean, boolean][]): number | null {
  const n = pairs.length;
  if (!n) return null;
  const agree = pairs.filter(([a, b]) => a === b).length;
  const aYes = pairs.filter(([a]) => a).length / n;
  const bYes = pairs.filter(([, b]) => b).length / n;
  const po = agree / n;
  const pe = aYes * bYes + (1 - aYes) * (1 - bYes);
  if (pe === 1) return po === 1 ? 1 : 0;
  return round((po - pe) / (1 - pe));
}
