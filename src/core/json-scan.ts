/**
 * Character-level helpers for splitting a large JSON text at its members (json-parse-async.ts). They only find
 * boundaries; every value is still made by JSON.parse, and any doubt is signalled with NotSplittable.
 */

export const Ch = { Quote: 0x22, Backslash: 0x5c, Comma: 0x2c, Colon: 0x3a, OpenBrace: 0x7b, CloseBrace: 0x7d, OpenBracket: 0x5b, CloseBracket: 0x5d } as const;

/** The text is not in a shape the splitter handles; the caller parses it whole (same value or same error). */
export class NotSplittable extends Error {}

export const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** First index at or after `i` (before `b`) that is not JSON whitespace. */
export function skipSpace(t: string, i: number, b: number): number {
  while (i < b && isSpace(t.charCodeAt(i))) i++;
  return i;
}

/** Index of the quote that closes a string whose first character is at `i`; throws when it does not close before `b`. */
export function closingQuote(t: string, i: number, b: number): number {
  for (;;) {
    const q = t.indexOf('"', i);
    if (q < 0 || q >= b) throw new NotSplittable();
    let slashes = 0;
    for (let k = q - 1; t.charCodeAt(k) === Ch.Backslash; k--) slashes++;
    if (slashes % 2 === 0) return q;
    i = q + 1;
  }
}

/**
 * End (exclusive) of the value starting at `s`, found within `budget` characters of a container; -1 when the
 * container is longer than that. Strings are skipped with native search; a primitive ends at a delimiter.
 */
export function valueEnd(t: string, s: number, b: number, budget: number): number {
  let c = t.charCodeAt(s);
  if (c === Ch.Quote) return closingQuote(t, s + 1, b) + 1;
  if (c !== Ch.OpenBrace && c !== Ch.OpenBracket) {
    let i = s;
    for (; i < b; i++) {
      c = t.charCodeAt(i);
      if (c === Ch.Comma || c === Ch.CloseBrace || c === Ch.CloseBracket || isSpace(c)) break;
    }
    return i;
  }
  const stop = Math.min(b, s + budget);
  let depth = 0;
  for (let i = s; i < stop; i++) {
    c = t.charCodeAt(i);
    if (c === Ch.Quote) i = closingQuote(t, i + 1, b);
    else if (c === Ch.OpenBrace || c === Ch.OpenBracket) depth++;
    else if ((c === Ch.CloseBrace || c === Ch.CloseBracket) && --depth === 0) return i + 1;
  }
  return -1;
}

/** Member spans of a container's inside text[a, b): [start, end, colon] (colon only in objects), strings skipped whole. */
export async function memberSpans(t: string, a: number, b: number, isObject: boolean, pause: () => Promise<void>): Promise<[number, number, number?][]> {
  const out: [number, number, number?][] = [];
  let start = a;
  let colon: number | undefined;
  let depth = 0;
  let next = a + 65_536;
  for (let i = a; i < b; i++) {
    const c = t.charCodeAt(i);
    if (c === Ch.Quote) {
      i = closingQuote(t, i + 1, b);
      continue;
    }
    if (c === Ch.OpenBrace || c === Ch.OpenBracket) depth++;
    else if (c === Ch.CloseBrace || c === Ch.CloseBracket) depth--;
    else if (depth === 0 && c === Ch.Colon && isObject && colon === undefined) colon = i;
    else if (depth === 0 && c === Ch.Comma) {
      out.push(isObject ? [start, i, colon] : [start, i]);
      start = i + 1;
      colon = undefined;
    }
    if (i > next) {
      next = i + 65_536;
      await pause();
    }
  }
  if (depth !== 0) throw new NotSplittable();
  const s = skipSpace(t, start, b);
  // `[]` and `{}` have no members; `[1,]` has an empty last one, which JSON.parse of that piece rejects.
  if (s < b || out.length) out.push(isObject ? [start, b, colon] : [start, b]);
  return out;
}
