/**
 * Confusable tools: the offline signal that a model will pick the wrong one of two tools.
 * Names are compared by edit distance over stemmed tokens, descriptions by cosine over content words.
 */
import type { CatalogueTool } from '../catalogue/catalogue.js';
import type { RawFinding } from '../rules/rule-settings.js';
import { ANTONYMS } from '../risk/risk-vocabulary.js';
import { bagOf, canonicalWord, contentWords, cosine, levenshtein, nameTokens, stem, type Bag } from '../shared/text.js';

const OPPOSITE = new Map<string, string>(ANTONYMS.flatMap(([a, b]) => [[a, b], [b, a]] as [string, string][]));

/** Names that differ only by a pair of opposite verbs (`attach_volume`/`detach_volume`) are told apart by meaning. */
function opposites(a: Prepared, b: Prepared): boolean {
  const onlyA = a.tokens.filter((t) => !b.tokens.includes(t));
  const onlyB = b.tokens.filter((t) => !a.tokens.includes(t));
  return onlyA.length === 1 && onlyB.length === 1 && OPPOSITE.get(onlyA[0] as string) === onlyB[0];
}

interface Prepared {
  tokens: string[];
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

function prepare(t: CatalogueTool): Prepared {
  const words = contentWords(`${t.title ?? ''} ${t.description ?? ''}`).map(canonicalWord);
  // Edit distance is quadratic, so names beyond the spec's 128 characters are cut there.
  const tokens = nameTokens(t.name.slice(0, 128)).map(stem).map(canonicalWord);
  return { tokens, name: t.name, norm: tokens.join('_'), bag: bagOf(words), words: words.length };
}

/** Pairs at or above `threshold` (combined score), plus same-name-after-stemming and near-identical descriptions. */
export function confusablePairs(tools: readonly CatalogueTool[], threshold: number): ConfusablePair[] {
  const prepared = tools.map(prepare);
  const out: ConfusablePair[] = [];
  for (let i = 0; i < prepared.length; i++) {
    const a = prepared[i] as Prepared;
    for (let j = i + 1; j < prepared.length; j++) {
      const b = prepared[j] as Prepared;
      if (a.name === b.name || opposites(a, b)) continue;
      const desc = cosine(a.bag, b.bag);
      const longest = Math.max(a.norm.length, b.norm.length) || 1;
      const nameUpper = 1 - Math.abs(a.norm.length - b.norm.length) / longest;
      const twinDescriptions = desc >= 0.9 && a.words >= 3 && b.words >= 3;
      if (!twinDescriptions && nameUpper < 0.999 && (nameUpper + desc) / 2 < threshold) continue;
      const name = 1 - levenshtein(a.norm, b.norm) / longest;
      const score = (name + desc) / 2;
      if (name >= 0.999 || twinDescriptions || score >= threshold) {
        const [x, y] = a.name < b.name ? [a.name, b.name] : [b.name, a.name];
        out.push({ a: x, b: y, nameSimilarity: round(name), descriptionSimilarity: round(desc), score: round(score) });
      }
    }
  }
  return out.sort((p, q) => (p.a < q.a ? -1 : p.a > q.a ? 1 : p.b < q.b ? -1 : p.b > q.b ? 1 : 0));
}

const round = (x: number): number => Math.round(x * 100) / 100;

export function confusableFindings(tools: readonly CatalogueTool[], threshold: number): RawFinding[] {
  return confusablePairs(tools, threshold).map((p) => ({
    ruleId: 'lint/confusable-tools',
    subject: p.a,
    names: [p.a, p.b],
    message: `\`${p.a}\` and \`${p.b}\` read alike (name ${p.nameSimilarity}, description ${p.descriptionSimilarity}); a model will mix them up`,
    reason: 'make the names and the first sentence of each description say how the two differ, or merge them',
  }));
}
