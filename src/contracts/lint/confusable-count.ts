/**
 * Counting confusable pairs without visiting each one, for the pairs past the listed ones. Words that occur in one
 * tool only never add to a dot product, so tools whose shared words (and counts) and vector norm are equal form a
 * group: every pair inside it, and every pair between two groups, has one and the same cosine. A pair of groups whose
 * descriptions are twins counts all its pairs but those with equal names or opposite verbs, found through small
 * indexes; other pairs are judged one by one, as before. A near-identical catalogue is then counted in linear time.
 */
import { forEachCandidate, type Indexed } from './confusable-index.js';
import { cosine } from '../shared/text.js';

interface Countable extends Indexed {
  name: string;
  tokens: string[];
  /** Content words in the description, repeats included. */
  words: number;
}

/** The judgement the scan makes of a pair (a before b in name order), passed in so this file cannot drift from it. */
export interface PairRules<T> {
  counts(a: T, b: T, cosine: number): boolean;
  /** True when `judge` would rule out a twin pair for opposite verbs alone. */
  opposites(a: T, b: T): boolean;
  hasOpposite(token: string): boolean;
  /** The cosine at which twin descriptions make a pair whatever the names (with at least `twinWords` words each). */
  twinCosine: number;
  twinWords: number;
}

interface Groups {
  of: Int32Array;
  members: number[][];
  norm2: number[];
  shared2: number[];
}

function groupsOf(items: readonly Countable[], twinWords: number): Groups {
  const df = new Map<string, number>();
  for (const t of items) for (const w of t.bag.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const ids = new Map<string, number>();
  const g: Groups = { of: new Int32Array(items.length), members: [], norm2: [], shared2: [] };
  items.forEach((t, i) => {
    const shared: string[] = [];
    let n2 = 0;
    let s2 = 0;
    for (const [w, c] of t.bag) {
      n2 += c * c;
      if ((df.get(w) as number) > 1) {
        shared.push(`${w}:${c}`);
        s2 += c * c;
      }
    }
    // Words are runs of [a-z0-9], so `:` and `,` cannot be forged by one; members agree on whether twins can apply.
    const key = `${t.words >= twinWords ? 1 : 0},${n2},${s2},${shared.sort().join(',')}`;
    let u = ids.get(key);
    if (u === undefined) {
      u = g.members.length;
      ids.set(key, u);
      g.members.push([]);
      g.norm2.push(n2);
      g.shared2.push(s2);
    }
    (g.members[u] as number[]).push(i);
    g.of[i] = u;
  });
  return g;
}

/** Pairs of items, by the pair of groups they fall in, for which `pick(a, b)` holds; candidates come from `buckets`. */
function tally(buckets: Iterable<number[][]>, g: Groups, units: number, pick: (a: number, b: number) => boolean): Map<number, number> {
  const out = new Map<number, number>();
  for (const sets of buckets)
    for (let p = 0; p < sets.length; p++)
      for (let q = p + 1; q < sets.length; q++)
        for (const x of sets[p] as number[])
          for (const y of sets[q] as number[]) {
            const [a, b] = x < y ? [x, y] : [y, x];
            if (!pick(a, b)) continue;
            const u = g.of[a] as number;
            const v = g.of[b] as number;
            const key = u < v ? u * units + v : v * units + u;
            out.set(key, (out.get(key) ?? 0) + 1);
          }
  return out;
}

/**
 * The number of confusable pairs among `items` (sorted by name), each judged as `rules.counts` would judge it;
 * undefined when most items stand alone in their group, where visiting pairs one by one costs less.
 */
export function countPairs<T extends Countable>(items: readonly T[], minCosine: number, rules: PairRules<T>): number | undefined {
  const g = groupsOf(items, rules.twinWords);
  const units = g.members.length;
  if (units * 2 > items.length) return undefined;
  const twinWords = (u: number): boolean => items[g.members[u]?.[0] as number]!.words >= rules.twinWords;
  // Equal names: each item in a set of its own within the bucket, so every pair is a candidate.
  const byName = new Map<string, number[][]>();
  items.forEach((t, i) => {
    const b = byName.get(t.name);
    if (b) b.push([i]);
    else byName.set(t.name, [[i]]);
  });
  const sameName = tally(byName.values(), g, units, () => true);
  // Opposite verbs: a and b hold the same tokens but one opposite each, so a keyed by its tokens without t meets b
  // keyed by its tokens without o; sets inside a bucket are by the left-out token (same token: the same tokens).
  const byRest = new Map<string, Map<string, number[]>>();
  items.forEach((t, i) => {
    const own = [...new Set(t.tokens)].sort();
    for (const x of own) {
      if (!rules.hasOpposite(x)) continue;
      const key = own.filter((y) => y !== x).join(' ');
      const bucket = byRest.get(key) ?? new Map<string, number[]>();
      byRest.set(key, bucket);
      const set = bucket.get(x);
      if (set) set.push(i);
      else bucket.set(x, [i]);
    }
  });
  const opposite = tally(
    [...byRest.values()].map((b) => [...b.values()]),
    g,
    units,
    (a, b) => rules.opposites(items[a] as T, items[b] as T),
  );
  let total = 0;
  const pairOf = (u: number, v: number, cos: number): void => {
    const key = u * units + v;
    const mu = g.members[u] as number[];
    const mv = g.members[v] as number[];
    if (cos >= rules.twinCosine && twinWords(u) && twinWords(v)) {
      const all = u === v ? (mu.length * (mu.length - 1)) / 2 : mu.length * mv.length;
      total += all - (sameName.get(key) ?? 0) - (opposite.get(key) ?? 0);
      return;
    }
    for (const x of mu)
      for (const y of mv) {
        if (u === v && y <= x) continue;
        const [a, b] = x < y ? [x, y] : [y, x];
        if (rules.counts(items[a] as T, items[b] as T, cos)) total++;
      }
  };
  // The cosine the item-level scan computes for a pair: whole-number dot product over the product of the norms.
  const selfCosine = (u: number): number => (g.norm2[u] === 0 ? 0 : (g.shared2[u] as number) / Math.sqrt((g.norm2[u] as number) * (g.norm2[u] as number)));
  const reps: Indexed[] = g.members.map((m, u) => ({ norm: `#${u}`, bag: (items[m[0] as number] as T).bag }));
  forEachCandidate(reps, minCosine, (u, v, cos) => pairOf(u, v, cos));
  for (let u = 0; u < units; u++) if ((g.members[u] as number[]).length > 1 && selfCosine(u) >= minCosine) pairOf(u, u, selfCosine(u));
  // Below the cosine bound only equal stemmed names can make a pair: those are judged one by one.
  const byNorm = new Map<string, number[]>();
  items.forEach((t, i) => {
    const b = byNorm.get(t.norm);
    if (b) b.push(i);
    else byNorm.set(t.norm, [i]);
  });
  for (const list of byNorm.values())
    for (let p = 0; p < list.length; p++)
      for (let q = p + 1; q < list.length; q++) {
        const a = list[p] as number;
        const b = list[q] as number;
        const u = Math.min(g.of[a] as number, g.of[b] as number);
        const v = Math.max(g.of[a] as number, g.of[b] as number);
        const cos = u === v ? selfCosine(u) : cosine((items[a] as T).bag, (items[b] as T).bag);
        // At or above the bound the pair of groups was visited above (the index misses none).
        if (cos < minCosine && rules.counts(items[a] as T, items[b] as T, cos)) total++;
      }
  return total;
}
