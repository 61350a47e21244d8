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

/** The rarest words of `bag` whose weight leaves less than `minCosine` of the norm outside them (the prefix), and the rest. */
function split(bag: Bag, df: Map<string, number>, minCosine: number): { prefix: string[]; suffix: string[]; norm2: number } {
  const words = [...bag.keys()].sort((p, q) => (df.get(p) as number) - (df.get(q) as number) || (p < q ? -1 : p > q ? 1 : 0));
  let rest = 0;
  for (const x of bag.values()) rest += x * x;
  const norm2 = rest;
  const floor = minCosine * minCosine * rest;
  let k = 0;
  for (; k < words.length && rest >= floor; k++) rest -= (bag.get(words[k] as string) as number) ** 2;
  return { prefix: words.slice(0, k), suffix: words.slice(k), norm2 };
}

/**
 * Calls `visit(i, j, cosine)` for every candidate pair i < j, in ascending (i, j) order: pairs in one name bucket, and
 * pairs whose descriptions reach `minCosine`, with the cosine of their bags (equal to `vectorCosine`). Probing the
 * index sums the dot product over the indexed words of j; its other words are few and looked up, so no pair is
 * compared word by word and pairs below `minCosine` are dropped before any visit. `rowDone(i)` true stops after row i.
 */
export function forEachCandidate(
  items: readonly Indexed[],
  minCosine: number,
  visit: (i: number, j: number, cosine: number) => void,
  rowDone?: (i: number) => boolean,
): void {
  const n = items.length;
  const df = new Map<string, number>();
  for (const t of items) for (const w of t.bag.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const ids = new Map<string, number>();
  for (const w of df.keys()) ids.set(w, ids.size);
  const postings: { items: number[]; counts: number[] }[] = Array.from({ length: ids.size }, () => ({ items: [], counts: [] }));
  const buckets = new Map<string, number[]>();
  const norm2 = new Float64Array(n);
  // The words of each item left out of the index, as word ids and counts.
  const restIds: Int32Array[] = [];
  const restCounts: Int32Array[] = [];
  const bagIds: Int32Array[] = [];
  const bagCounts: Int32Array[] = [];
  items.forEach((t, i) => {
    const p = split(t.bag, df, minCosine);
    norm2[i] = p.norm2;
    for (const w of p.prefix) {
      const list = postings[ids.get(w) as number] as { items: number[]; counts: number[] };
      list.items.push(i);
      list.counts.push(t.bag.get(w) as number);
    }
    restIds.push(Int32Array.from(p.suffix, (w) => ids.get(w) as number));
    restCounts.push(Int32Array.from(p.suffix, (w) => t.bag.get(w) as number));
    bagIds.push(Int32Array.from(t.bag.keys(), (w) => ids.get(w) as number));
    bagCounts.push(Int32Array.from(t.bag.values()));
    const b = buckets.get(t.norm);
    if (b) b.push(i);
    else buckets.set(t.norm, [i]);
  });
  // 1: reached through the index; 2: also in i's name bucket (visited whatever the cosine).
  const seen = new Uint8Array(n);
  const dot = new Float64Array(n);
  const weight = new Float64Array(ids.size);
  // Fixed buffers with a fill count: a row touches up to n items, and arrays grown again for each of n rows (emptying
  // one frees its storage) were most of the scan's garbage.
  const touched = new Int32Array(n);
  const kept = new Int32Array(n);
  const cosines = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = items[i] as Indexed;
    const own = bagIds[i] as Int32Array;
    const ownCounts = bagCounts[i] as Int32Array;
    let nTouched = 0;
    for (let m = 0; m < own.length; m++) {
      const id = own[m] as number;
      const x = ownCounts[m] as number;
      weight[id] = x;
      const p = postings[id] as { items: number[]; counts: number[] };
      const list = p.items;
      // Postings ascend; binary search to the first index after i.
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((list[mid] as number) <= i) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < list.length; k++) {
        const j = list[k] as number;
        if (!seen[j]) {
          seen[j] = 1;
          touched[nTouched++] = j;
        }
        dot[j] = (dot[j] as number) + x * (p.counts[k] as number);
      }
    }
    const bucket = buckets.get(a.norm) as number[];
    for (let k = 0; k < bucket.length; k++) {
      const j = bucket[k] as number;
      if (j <= i) continue;
      if (!seen[j]) touched[nTouched++] = j;
      seen[j] = 2;
    }
    let nKept = 0;
    for (let t = 0; t < nTouched; t++) {
      const j = touched[t] as number;
      // Whole numbers summed, so the order of summing is moot: the same dot product as a word-by-word merge.
      let d = dot[j] as number;
      const rest = restIds[j] as Int32Array;
      const counts = restCounts[j] as Int32Array;
      for (let m = 0; m < rest.length; m++) d += (weight[rest[m] as number] as number) * (counts[m] as number);
      const cos = own.length === 0 || (bagIds[j] as Int32Array).length === 0 ? 0 : d / Math.sqrt((norm2[i] as number) * (norm2[j] as number));
      if (seen[j] === 2 || cos >= minCosine) {
        kept[nKept++] = j;
        cosines[j] = cos;
      }
      seen[j] = 0;
      dot[j] = 0;
    }
    for (let m = 0; m < own.length; m++) weight[own[m] as number] = 0;
    if (nKept * 16 > n - i) {
      // Most of the rest is kept (a near-identical catalogue): a walk in order beats sorting.
      for (let k = 0; k < nKept; k++) seen[kept[k] as number] = 1;
      for (let j = i + 1; j < n; j++)
        if (seen[j]) {
          seen[j] = 0;
          visit(i, j, cosines[j] as number);
        }
    } else {
      // A typed array sorts numerically, in place.
      const row = kept.subarray(0, nKept).sort();
      for (let k = 0; k < nKept; k++) visit(i, row[k] as number, cosines[row[k] as number] as number);
    }
    if (rowDone?.(i)) return;
  }
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
  // Compared in place between the shared ends (a slice per pair was a string of garbage per pair).
  const lenA = endA - start;
  const lenB = endB - start;
  if (prevRow.length <= lenB) {
    prevRow = new Int32Array(lenB + 1);
    curRow = new Int32Array(lenB + 1);
  }
  let prev = prevRow;
  let cur = curRow;
  for (let j = 0; j <= lenB; j++) prev[j] = j;
  for (let i = 1; i <= lenA; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(start + i - 1);
    for (let j = 1; j <= lenB; j++) {
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (ca === b.charCodeAt(start + j - 1) ? 0 : 1));
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best > cap) return cap + 1;
    const row = prev;
    prev = cur;
    cur = row;
  }
  return prev[lenB] as number;
}
