/** Intervals for the regression gate (METRICS §6-§8): Wilson bounds, the Newcombe difference interval, type-7 percentiles. Pure. */
export const Z95 = 1.96;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval for c successes out of n (METRICS §6); n = 0 gives the vacuous [0, 1]. */
export function wilson(c: number, n: number, z = Z95): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const z2 = z * z;
  const centre = (c + z2 / 2) / (n + z2);
  const half = (z / (n + z2)) * Math.sqrt((c * (n - c)) / n + z2 / 4);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface RateDelta {
  delta: number;
  low: number;
  high: number;
}

/** Newcombe hybrid-score interval for p_new − p_base with Wilson bounds on each side (METRICS §7). */
export function newcombe(cNew: number, nNew: number, cBase: number, nBase: number, z = Z95): RateDelta {
  const pNew = nNew ? cNew / nNew : 0;
  const pBase = nBase ? cBase / nBase : 0;
  const wn = wilson(cNew, nNew, z);
  const wb = wilson(cBase, nBase, z);
  const delta = pNew - pBase;
  return {
    delta,
    low: delta - Math.sqrt((pNew - wn.low) ** 2 + (wb.high - pBase) ** 2),
    high: delta + Math.sqrt((wn.high - pNew) ** 2 + (pBase - wb.low) ** 2),
  };
}

/** Type-7 (linear) percentile of q in [0, 1] (METRICS §8); undefined for no samples. */
export function percentile(samples: readonly number[], q: number): number | undefined {
  if (!samples.length) return undefined;
  const x = [...samples].sort((a, b) => a - b);
  const h = (x.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return x[lo]! + (h - lo) * (x[hi]! - x[lo]!);
}
