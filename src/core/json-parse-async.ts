/**
 * JSON.parse for large messages without holding the event loop: a 5,000-tool tools/list answer is about 7 MB and
 * takes a single JSON.parse 100-250 ms, during which every other response in flight waits. Large containers near the
 * top are split at their members, each member is parsed on its own (JSON.parse, so values are exactly the same), and
 * the loop gets a turn between slices. Any doubt about the text falls back to one JSON.parse of all of it, which
 * returns the same value or throws the same error as before.
 */
import { boundDepth, markDepthCut, MAX_JSON_DEPTH, parseBounded, wasDepthCut } from './json-depth.js';

/** Below this many characters a value is parsed in one go (a few milliseconds). */
const PIECE_CHARS = 256 * 1024;
/** Containers are split only this near the root; deeper ones are parsed whole. */
const SPLIT_LEVELS = 6;
const SLICE_MS = 8;

const Ch = { Quote: 0x22, Backslash: 0x5c, Comma: 0x2c, Colon: 0x3a, OpenBrace: 0x7b, CloseBrace: 0x7d, OpenBracket: 0x5b, CloseBracket: 0x5d } as const;

class NotSplittable extends Error {}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

class Splitter {
  private since = performance.now();
  cut = false;

  constructor(private readonly text: string) {}

  async pause(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }

  /** The value in text[a, b), at nesting level `level` (the root is 1). */
  async value(a: number, b: number, level: number): Promise<unknown> {
    const t = this.text;
    while (a < b && isSpace(t.charCodeAt(a))) a++;
    while (b > a && isSpace(t.charCodeAt(b - 1))) b--;
    const open = t.charCodeAt(a);
    const container = open === Ch.OpenBrace || open === Ch.OpenBracket;
    if (!container || b - a < PIECE_CHARS || level > SPLIT_LEVELS) {
      const v = boundDepth(JSON.parse(t.slice(a, b)) as unknown, MAX_JSON_DEPTH - level + 1);
      if (wasDepthCut(v)) this.cut = true;
      await this.pause();
      return v;
    }
    if (t.charCodeAt(b - 1) !== (open === Ch.OpenBrace ? Ch.CloseBrace : Ch.CloseBracket)) throw new NotSplittable();
    const spans = await this.members(a + 1, b - 1, open === Ch.OpenBrace);
    if (open === Ch.OpenBracket) {
      const out: unknown[] = [];
      for (const [s, e] of spans) out.push(await this.value(s, e, level + 1));
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [s, e, colon] of spans) {
      if (colon === undefined) throw new NotSplittable();
      const key: unknown = JSON.parse(t.slice(s, colon));
      if (typeof key !== 'string') throw new NotSplittable();
      // As JSON.parse does: an own data property even for "__proto__"; a repeated key keeps its place, the last value wins.
      Object.defineProperty(out, key, { value: await this.value(colon + 1, e, level + 1), writable: true, enumerable: true, configurable: true });
    }
    return out;
  }

  /** Member spans of a container's inside text[a, b): [start, end, colon] (colon only in objects), strings skipped whole. */
  private async members(a: number, b: number, isObject: boolean): Promise<[number, number, number?][]> {
    const t = this.text;
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
        await this.pause();
      }
    }
    if (depth !== 0) throw new NotSplittable();
    let s = start;
    while (s < b && isSpace(t.charCodeAt(s))) s++;
    // `[]` and `{}` have no members; `[1,]` has an empty last one, which JSON.parse of that piece rejects.
    if (s < b || out.length) out.push(isObject ? [start, b, colon] : [start, b]);
    return out;
  }
}

/** Index of the quote that closes a string whose first character is at `i`; throws when it does not close before `b`. */
function closingQuote(t: string, i: number, b: number): number {
  for (;;) {
    const q = t.indexOf('"', i);
    if (q < 0 || q >= b) throw new NotSplittable();
    let slashes = 0;
    for (let k = q - 1; t.charCodeAt(k) === Ch.Backslash; k--) slashes++;
    if (slashes % 2 === 0) return q;
    i = q + 1;
  }
}

/** parseBounded (same value, same depth cut, same errors) that lets the event loop run while it parses a large text. */
export async function parseBoundedAsync(text: string): Promise<unknown> {
  if (text.length < PIECE_CHARS) return parseBounded(text);
  const splitter = new Splitter(text);
  let v: unknown;
  try {
    v = await splitter.value(0, text.length, 1);
  } catch {
    return parseBounded(text);
  }
  if (splitter.cut && v && typeof v === 'object') markDepthCut(v);
  return v;
}
