/**
 * Candidate pairs for the confusable-tools scan without comparing every pair. A pair can only be reported when its
 * stemmed names are equal or its descriptions reach a cosine of `minCosine` > 0, so candidates come from a bucket per
 * stemmed name and an inverted index over description words. Only a prefix of each description (rarest words first)
 * is indexed: a pair sharing no indexed word has cosine below `minCosine` (prefix filtering), so the scan is exact.
 */
import type { Bag } from '../shared/text.js';

export interface Indexed {
  norm: string;
  bag: Bag;
}

/** The rarest words of `bag` whose weight leaves less than `minCosine` of the norm outside them. */
function prefix(bag: Bag, df: Map<string, number>, minCosine: number): string[] {
  const words = [...bag.keys()].sort((p, q) => (df.get(p) as number) - (df.get(q) as number) || (p < q ? -1 : p > q ? 1 : 0));
  let rest = 0;
  for (const x of bag.values()) rest += x * x;
  const floor = minCosine * minCosine * rest;
  const out: string[] = [];
  for (const w of words) {
    if (rest < floor) break;
    out.push(w);
    rest -= (bag.get(w) as number) ** 2;
  }
  return out;
}

/** Calls `visit(i, j)` for every candidate pair i < j, in ascending (i, j) order. */
export function forEachCandidate(items: readonly Indexed[], minCosine: number, visit: (i: number, j: number) => void): void {
  const n = items.length;
  const df = new Map<string, number>();
  for (const t of items) for (const w of t.bag.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const postings = new Map<string, number[]>();
  const buckets = new Map<string, number[]>();
  items.forEach((t, i) => {
    for (const w of prefix(t.bag, df, minCosine)) {
      const p = postings.get(w);
      if (p) p.push(i);
      else postings.set(w, [i]);
    }
    const b = buckets.get(t.norm);
    if (b) b.push(i);
    else buckets.set(t.norm, [i]);
  });
  const seen = new Uint8Array(n);
  const touched: number[] = [];
  const add = (j: number): void => {
    if (!seen[j]) {
      seen[j] = 1;
      touched.push(j);
    }
  };
  for (let i = 0; i < n; i++) {
    const a = items[i] as Indexed;
    for (const w of a.bag.keys()) {
      const p = postings.get(w);
      if (!p) continue;
      // Postings ascend; binary search to the first index after i.
      let lo = 0;
      let hi = p.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((p[mid] as number) <= i) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < p.length; k++) add(p[k] as number);
    }
    for (const j of buckets.get(a.norm) as number[]) if (j > i) add(j);
    touched.sort((p, q) => p - q);
    for (const j of touched) {
      visit(i, j);
      seen[j] = 0;
    }
    touched.length = 0;
  }
}

/** A bag as ascending word ids with counts: the dot product becomes a merge of two short arrays. */
export interface Vector {
  ids: Int32Array;
  counts: Int32Array;
  norm2: number;
}

export function vectorsOf(bags: readonly Bag[]): Vector[] {
  const ids = new Map<string, number>();
  return bags.map((bag) => {
    const entries = [...bag].map(([w, x]) => {
      let id = ids.get(w);
      if (id === undefined) ids.set(w, (id = ids.size));
      return [id, x] as const;
    });
    entries.sort((p, q) => p[0] - q[0]);
    let norm2 = 0;
    for (const [, x] of entries) norm2 += x * x;
    return { ids: Int32Array.from(entries, (e) => e[0]), counts: Int32Array.from(entries, (e) => e[1]), norm2 };
  });
}

/** Equal to `cosine` of the two bags: the dot and norms are sums of small integers, so the order of summing is moot. */
export function vectorCosine(a: Vector, b: Vector): number {
  if (a.ids.length === 0 || b.ids.length === 0) return 0;
  let dot = 0;
  for (let i = 0, j = 0; i < a.ids.length && j < b.ids.length;) {
    const x = a.ids[i] as number;
    const y = b.ids[j] as number;
    if (x === y) dot += (a.counts[i++] as number) * (b.counts[j++] as number);
    else if (x < y) i++;
    else j++;
  }
  return dot / Math.sqrt(a.norm2 * b.norm2);
}

let prevRow = new Int32Array(256);
let curRow = new Int32Array(256);

/** Edit distance of a and b when at most `cap`, else `cap + 1`; reuses two rows, so millions of calls stay cheap. */
export function boundedDistance(a: string, b: string, cap: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  // A common prefix and suffix never change the distance (`get_team_order` / `get_team_invoice`): only the rest is compared.
  let start = 0;
  while (start < a.length && start < b.length && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  if (start > 0 || endA < a.length || endB < b.length) {
    a = a.slice(start, endA);
    b = b.slice(start, endB);
  }
  if (prevRow.length <= b.length) {
    prevRow = new Int32Array(b.length + 1);
    curRow = new Int32Array(b.length + 1);
  }
  let prev = prevRow;
  let cur = curRow;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best > cap) return cap + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length] as number;
}
