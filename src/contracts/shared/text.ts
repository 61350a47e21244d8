/** Lexical helpers shared by the risk classifier, the lint rules and rename detection. Pure and locale-independent. */

/** `createPullRequest`, `create_pull_request`, `create-pull.request` all give ["create","pull","request"]. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const STOP = new Set(
  (
    'a an the and or of to in on for from by with at as is are be this that these those it its into via use used using ' +
    'will can may should must you your given specified provided optional returns return if when which than then also ' +
    'all any each per not no'
  ).split(' '),
);

/** Crude stem: enough to make `issues`/`issue` and `created`/`create` meet, never more. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -1).replace(/e$/, '');
  return word;
}

export function contentWords(text: string): string[] {
  return nameTokens(text)
    .filter((w) => !STOP.has(w) && w.length > 1)
    .map(stem);
}

export function levenshtein(a: string, b: string, cap = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > cap) return cap + 1;
    prev = cur;
  }
  return prev[b.length] as number;
}

/** Verbs that mean the same to a model; both names and descriptions are compared through this map. */
const SYNONYMS: Record<string, string> = {
  find: 'search',
  lookup: 'search',
  look: 'search',
  query: 'search',
  fetch: 'get',
  retrieve: 'get',
  read: 'get',
  obtain: 'get',
  remove: 'delete',
  erase: 'delete',
  destroy: 'delete',
  modify: 'update',
  edit: 'update',
  change: 'update',
  alter: 'update',
  make: 'create',
  new: 'create',
  insert: 'create',
  enumerate: 'list',
};

export function canonicalWord(word: string): string {
  return SYNONYMS[word] ?? word;
}

/** 1 for identical names, 0 for nothing in common; compares stemmed tokens so `get_user`/`getUsers` meet. */
export function nameSimilarity(a: string, b: string): number {
  // Edit distance is quadratic, so names beyond the spec's 128 characters are cut there.
  const na = nameTokens(a.slice(0, 128)).map(stem).map(canonicalWord).join('_');
  const nb = nameTokens(b.slice(0, 128)).map(stem).map(canonicalWord).join('_');
  const len = Math.max(na.length, nb.length);
  return len === 0 ? 1 : 1 - levenshtein(na, nb) / len;
}

export type Bag = Map<string, number>;

export function bagOf(words: readonly string[]): Bag {
  const bag: Bag = new Map();
  for (const w of words) bag.set(w, (bag.get(w) ?? 0) + 1);
  return bag;
}

export function cosine(a: Bag, b: Bag): number {
  if (a.size === 0 || b.size === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [w, x] of a) {
    na += x * x;
    const y = b.get(w);
    if (y) dot += x * y;
  }
  for (const y of b.values()) nb += y * y;
  return dot / Math.sqrt(na * nb);
}

export function textSimilarity(a: string, b: string): number {
  return cosine(bagOf(contentWords(a)), bagOf(contentWords(b)));
}
