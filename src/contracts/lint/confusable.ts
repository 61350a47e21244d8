/**
 * Confusable tools: the offline signal that a model will pick the wrong one of two tools.
 * Names are compared by edit distance over stemmed tokens, descriptions by cosine over content words.
 */
import type { CatalogueTool } from '../catalogue/catalogue.js';
import type { RawFinding } from '../rules/rule-settings.js';
import { ANTONYMS } from '../risk/risk-vocabulary.js';
import { bagOf, canonicalWord, contentWords, cosine, levenshtein, nameTokens, stem, type Bag } from '../shared/text.js';
import { countPairs, type PairRules } from './confusable-count.js';
import { boundedDistance, forEachCandidate } from './confusable-index.js';

const OPPOSITE = new Map<string, string>(
  ANTONYMS.flatMap(
    ([a, b]) =>
      [
        [a, b],
        [b, a],
      ] as [string, string][],
  ),
);

/** Names that differ only by a pair of opposite verbs (`attach_volume`/`detach_volume`) are told apart by meaning. */
function opposites(a: Prepared, b: Prepared): boolean {
  // Only possible when b holds the opposite of one of a's tokens; most pairs are ruled out here without allocating.
  if (!a.opposite.some((o) => b.tokens.includes(o))) return false;
  const onlyA = a.tokens.filter((t) => !b.tokens.includes(t));
  const onlyB = b.tokens.filter((t) => !a.tokens.includes(t));
  return onlyA.length === 1 && onlyB.length === 1 && OPPOSITE.get(onlyA[0] as string) === onlyB[0];
}

interface Prepared {
  tokens: string[];
  /** The opposites of its tokens that have one. */
  opposite: string[];
  name: string;
  norm: string;
  bag: Bag;
  words: number;
}

export interface ConfusablePair {
  a: string;
  b: string;
  nameSimilarity: number;
  descriptionSimilarity: number;
  score: number;
}

/** All the scan reads of a tool. */
type Named = Pick<CatalogueTool, 'name' | 'title' | 'description'>;

function prepare(t: Named): Prepared {
  const words = contentWords(`${t.title ?? ''} ${t.description ?? ''}`).map(canonicalWord);
  // Edit distance is quadratic, so names beyond the spec's 128 characters are cut there.
  const tokens = nameTokens(t.name.slice(0, 128)).map(stem).map(canonicalWord);
  const opposite = tokens.flatMap((x) => (OPPOSITE.has(x) ? [OPPOSITE.get(x) as string] : []));
  return { tokens, opposite, name: t.name, norm: tokens.join('_'), bag: bagOf(words), words: words.length };
}

/** At most this many pairs are listed; a near-identical catalogue has a pair per two tools and would drown the report. */
export const CONFUSABLE_PAIR_CAP = 50;

export interface ConfusableScan {
  /** The first pairs in name order, at most `CONFUSABLE_PAIR_CAP` unless the caller asked for more. */
  pairs: ConfusablePair[];
  /** Every pair found, listed or not. */
  total: number;
}

/** Descriptions this alike, of at least this many content words each, make a pair whatever the names. */
const TWIN_COSINE = 0.9;
const TWIN_WORDS = 3;

/** The pair when it is confusable; `listed` false means only the verdict counts, so the edit distance may be skipped. */
function judge(a: Prepared, b: Prepared, desc: number, threshold: number, listed = true): ConfusablePair | true | undefined {
  if (a.name === b.name) return undefined;
  const longest = Math.max(a.norm.length, b.norm.length) || 1;
  const nameUpper = 1 - Math.abs(a.norm.length - b.norm.length) / longest;
  const twinDescriptions = desc >= TWIN_COSINE && a.words >= TWIN_WORDS && b.words >= TWIN_WORDS;
  if (!twinDescriptions && nameUpper < 0.999 && (nameUpper + desc) / 2 < threshold) return undefined;
  const sure = twinDescriptions || a.norm === b.norm;
  // Opposite verbs rule a pair out whatever the scores; asked only of pairs that would otherwise count (it allocates).
  if (!listed && sure) return opposites(a, b) ? undefined : true;
  // Unless already sure, only an edit distance within what the threshold allows matters, so the count may stop there.
  const cap = sure ? Infinity : Math.max(0, Math.ceil(longest * (1 + desc - 2 * threshold)) + 1);
  const distance = cap === Infinity ? levenshtein(a.norm, b.norm) : boundedDistance(a.norm, b.norm, cap);
  if (distance > cap) return undefined;
  const name = 1 - distance / longest;
  const score = (name + desc) / 2;
  if (name < 0.999 && !twinDescriptions && score < threshold) return undefined;
  if (opposites(a, b)) return undefined;
  if (!listed) return true;
  const [x, y] = a.name < b.name ? [a.name, b.name] : [b.name, a.name];
  return { a: x, b: y, nameSimilarity: round(name), descriptionSimilarity: round(desc), score: round(score) };
}

/**
 * Pairs at or above `threshold` (combined score), plus same-name-after-stemming and near-identical descriptions, in
 * name order. Candidates come from an index (names bucketed, descriptions by shared word), so a catalogue of
 * thousands of distinct tools is scanned in near-linear time; every pair is still counted in `total`.
 */
export function scanConfusable(tools: readonly Named[], threshold: number, cap = CONFUSABLE_PAIR_CAP, exhaustive = false): ConfusableScan {
  const prepared = tools.map(prepare).sort((p, q) => (p.name < q.name ? -1 : p.name > q.name ? 1 : 0));
  const pairs: ConfusablePair[] = [];
  let total = 0;
  const take = (a: Prepared, b: Prepared, desc: number): void => {
    const pair = judge(a, b, desc, threshold, pairs.length < cap);
    if (pair === undefined) return;
    if (pair !== true) pairs.push(pair);
    total++;
  };
  if (exhaustive || 2 * threshold - 1 <= 0) {
    // At a threshold this low, names alone can make a pair with nothing shared in the descriptions: compare all.
    for (let i = 0; i < prepared.length; i++)
      for (let j = i + 1; j < prepared.length; j++) {
        const a = prepared[i] as Prepared;
        const b = prepared[j] as Prepared;
        take(a, b, cosine(a.bag, b.bag));
      }
  } else {
    const minCosine = Math.min(TWIN_COSINE, 2 * threshold - 1);
    // Once the listed pairs are taken (at the end of a row), the pairs of later rows may be counted by group instead.
    let ungrouped = false;
    const full = (i: number): boolean => {
      if (ungrouped || pairs.length < cap) return false;
      const rest = countPairs(prepared.slice(i + 1), minCosine, rules(threshold));
      if (rest === undefined) ungrouped = true;
      else total += rest;
      return !ungrouped;
    };
    forEachCandidate(prepared, minCosine, (i, j, cosine) => take(prepared[i] as Prepared, prepared[j] as Prepared, cosine), full);
  }
  return { pairs, total };
}

function rules(threshold: number): PairRules<Prepared> {
  return {
    counts: (a, b, cosine) => judge(a, b, cosine, threshold, false) !== undefined,
    opposites,
    hasOpposite: (token) => OPPOSITE.has(token),
    twinCosine: TWIN_COSINE,
    twinWords: TWIN_WORDS,
  };
}

/** Every confusable pair (uncapped); for small catalogues and tests. */
export function confusablePairs(tools: readonly Named[], threshold: number): ConfusablePair[] {
  return scanConfusable(tools, threshold, Infinity).pairs;
}

const round = (x: number): number => Math.round(x * 100) / 100;

export function confusableFindings(tools: readonly Named[], threshold: number): RawFinding[] {
  const scan = scanConfusable(tools, threshold);
  const out: RawFinding[] = scan.pairs.map((p) => ({
    ruleId: 'lint/confusable-tools',
    subject: p.a,
    names: [p.a, p.b],
    message: `\`${p.a}\` and \`${p.b}\` read alike (name ${p.nameSimilarity}, description ${p.descriptionSimilarity}); a model will mix them up`,
    reason: 'make the names and the first sentence of each description say how the two differ, or merge them',
  }));
  const rest = scan.total - scan.pairs.length;
  if (rest > 0)
    out.push({
      ruleId: 'lint/confusable-tools',
      subject: 'server',
      message: `${scan.total.toLocaleString('en')} confusable pairs in all; the first ${scan.pairs.length} in name order are listed, ${rest.toLocaleString('en')} more are not`,
      reason: 'many tools share near-identical names or descriptions: give each a name and first sentence that say what sets it apart, or merge them',
    });
  return out;
}
