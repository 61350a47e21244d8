/**
 * Whether a description says something of the tool, not of what the tool is not for: "Not recommended for: when you
 * need to search the filesystem" names the filesystem, but the tool does not touch it.
 */

/** A word that negates what follows it in the same clause. */
const NEGATION = /\b(?:not|never|cannot|avoid|unlike|instead\s+of|rather\s+than)\b|n['’]t\b/i;
/** What ends a clause: a negation before it does not reach past one. */
const CLAUSE_END = /[.!?;\n]|\bbut\b/gi;
const globalOf = new Map<RegExp, RegExp>();

/** True when `phrase` matches somewhere in `text` outside a clause that a negation opens before it. */
export function saysAffirmatively(phrase: RegExp, text: string): boolean {
  if (!phrase.test(text)) return false;
  let global = globalOf.get(phrase);
  if (!global) globalOf.set(phrase, (global = new RegExp(phrase.source, `${phrase.flags.replace('g', '')}g`)));
  for (const m of text.matchAll(global)) if (!negatedAt(text, m.index)) return true;
  return false;
}

function negatedAt(text: string, at: number): boolean {
  const before = text.slice(0, at);
  let start = 0;
  for (const e of before.matchAll(CLAUSE_END)) start = e.index + e[0].length;
  return NEGATION.test(before.slice(start));
}
