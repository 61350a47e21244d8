/**
 * JSON.parse for large messages without holding the event loop: a 5,000-tool tools/list answer is about 7 MB and
 * takes a single JSON.parse 100-250 ms, during which every other response in flight waits. Large containers near the
 * top are split into runs of members, each run parsed by JSON.parse (so values are exactly the same), and the loop
 * gets a turn between runs. Any doubt about the text falls back to one JSON.parse of all of it, which returns the
 * same value or throws the same error as before.
 *
 * Why guessed cuts are safe: JSON's grammar is unambiguous, so if `[` + run + `]` parses for every run between two
 * cuts, the whole array parses to the runs' elements in order; a cut in the wrong place makes some run fail to parse.
 */
import { boundDepth, markDepthCut, MAX_JSON_DEPTH, parseBounded, wasDepthCut } from './json-depth.js';
import { Ch, closingQuote, isSpace, memberSpans, NotSplittable, skipSpace, valueEnd } from './json-scan.js';
import type { Memoized, ParseMemo } from './json-parse-memo.js';
import { Slices } from './slices.js';

/** Below this many characters a value is parsed in one go (a few milliseconds); also the size of one run. */
const PIECE_CHARS = 256 * 1024;
/** Containers are split only this near the root; deeper ones are parsed whole. */
const SPLIT_LEVELS = 6;
/** How far a member is scanned before it counts as the large one; how long the members after it may be. */
const SCAN_BUDGET = 64 * 1024;
const TAIL_CHARS = 64 * 1024;
/** Cuts moved on after a run failed to parse, before the array is split the exact (slower) way. */
const RETRIES = 3;

const define = (o: object, key: string, value: unknown): void => {
  // As JSON.parse does: an own data property even for "__proto__"; a repeated key keeps its place, the last value wins.
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
};

class Splitter {
  private readonly slices = new Slices();
  cut = false;

  constructor(
    private readonly text: string,
    private readonly memo: ParseMemo | undefined,
  ) {}

  readonly pause = (): Promise<void> => this.slices.turn();

  /** JSON.parse of text[a, b) at nesting level `level` (the root is 1), bounded in depth. */
  private async whole<T>(src: string, level: number, freeze: boolean): Promise<T> {
    const v = boundDepth(JSON.parse(src) as T, MAX_JSON_DEPTH - level + 1, freeze);
    if (wasDepthCut(v)) this.cut = true;
    await this.pause();
    return v;
  }

  /** The value in text[a, b), at nesting level `level`; `freeze` when it is part of a memoized value. */
  async value(a: number, b: number, level: number, freeze: boolean): Promise<unknown> {
    const t = this.text;
    a = skipSpace(t, a, b);
    while (b > a && isSpace(t.charCodeAt(b - 1))) b--;
    const open = t.charCodeAt(a);
    if ((open !== Ch.OpenBrace && open !== Ch.OpenBracket) || b - a < PIECE_CHARS || level > SPLIT_LEVELS) return this.whole(t.slice(a, b), level, freeze);
    if (t.charCodeAt(b - 1) !== (open === Ch.OpenBrace ? Ch.CloseBrace : Ch.CloseBracket)) throw new NotSplittable();
    // The envelope (level 1) differs in every answer (its id); the large values inside it are what repeats.
    const memoize = this.memo !== undefined && level >= 2;
    const key = memoize ? t.slice(a, b) : '';
    const stored = memoize ? this.memo.get(key) : undefined;
    const pending = memoize && stored === undefined ? this.memo.underWay(key) : undefined;
    let settle: ((m: Memoized | undefined) => void) | undefined;
    // Claimed before any await: answers read in the same turn then wait for this parse instead of each starting one.
    if (memoize && stored?.level !== level && !pending) this.memo.begin(key, new Promise((resolve) => (settle = resolve)));
    const hit = stored ?? (await pending);
    if (hit?.level === level) {
      this.cut ||= hit.cut;
      return hit.value;
    }
    const outer = this.cut;
    this.cut = false;
    try {
      const v = open === Ch.OpenBracket ? await this.array(a, b, level, freeze || memoize) : await this.object(a, b, level, freeze || memoize);
      const m = { value: v, level, cut: this.cut };
      if (memoize) this.memo.set(key, m);
      settle?.(m);
      this.cut ||= outer;
      return v;
    } finally {
      // A parse that gave up (the caller falls back to one JSON.parse) lets its waiters parse for themselves.
      settle?.(undefined);
    }
  }

  /** An array split into runs of about PIECE_CHARS, cut where the separator between its first two members recurs. */
  private async array(a: number, b: number, level: number, freeze: boolean): Promise<unknown[]> {
    const t = this.text;
    const cutBefore = this.cut;
    const fallBack = (): Promise<unknown[]> => ((this.cut = cutBefore), this.exact(a, b, level, freeze, false) as Promise<unknown[]>);
    const first = skipSpace(t, a + 1, b);
    const end1 = valueEnd(t, first, b - 1, SCAN_BUDGET);
    const comma = end1 < 0 ? -1 : skipSpace(t, end1, b);
    const second = skipSpace(t, comma + 1, b);
    const opener = t.charCodeAt(first);
    if (comma < 0 || t.charCodeAt(comma) !== Ch.Comma || (opener !== Ch.OpenBrace && opener !== Ch.OpenBracket) || t.charCodeAt(second) !== opener)
      return fallBack();
    // e.g. `},{"name":` for a list of tools: the end of one member, the comma, the start of the next and its first key.
    const colon = t.indexOf(':', second);
    const needle = t.slice(end1 - 1, opener === Ch.OpenBrace && colon > 0 && colon - second < 64 ? colon + 1 : second + 1);
    const commaAt = comma - (end1 - 1);
    const cutAfter = (from: number): number => {
      const c = t.indexOf(needle, from);
      return c < 0 || c >= b - 1 ? b - 1 : c + commaAt;
    };
    const out: unknown[] = [];
    for (let pos = first; pos < b - 1;) {
      let end = b - 1 - pos > PIECE_CHARS ? cutAfter(pos + PIECE_CHARS) : b - 1;
      let run: unknown[] | undefined;
      for (let tries = 0; !run; tries++) {
        try {
          run = JSON.parse(`[${t.slice(pos, end)}]`) as unknown[];
          if (run.length === 0) throw new NotSplittable();
        } catch {
          // Runs parsed so far are not proven until every run parses: start again the exact way.
          if (end === b - 1 || tries === RETRIES) return fallBack();
          run = undefined;
          end = cutAfter(end + 1);
        }
      }
      boundDepth(run, MAX_JSON_DEPTH - level + 1, freeze);
      if (wasDepthCut(run)) this.cut = true;
      for (const x of run) out.push(x);
      pos = end + 1;
      await this.pause();
    }
    if (freeze) Object.freeze(out);
    return out;
  }

  /**
   * An object whose members are read one by one until one is too long to scan: that one is taken to end where the
   * members after it (short, parsed as one object) begin. Two long members, or no such end, use the exact split.
   */
  private async object(a: number, b: number, level: number, freeze: boolean): Promise<Record<string, unknown>> {
    const t = this.text;
    const cutBefore = this.cut;
    const out: Record<string, unknown> = {};
    for (let i = skipSpace(t, a + 1, b); ;) {
      if (t.charCodeAt(i) !== Ch.Quote) throw new NotSplittable();
      const q = closingQuote(t, i + 1, b);
      const key = JSON.parse(t.slice(i, q + 1)) as string;
      const colon = skipSpace(t, q + 1, b);
      if (t.charCodeAt(colon) !== Ch.Colon) throw new NotSplittable();
      const vs = skipSpace(t, colon + 1, b);
      const ve = valueEnd(t, vs, b - 1, SCAN_BUDGET);
      if (ve < 0) {
        const tail = await this.tail(vs, b, level, freeze);
        if (!tail) {
          this.cut = cutBefore;
          return this.exact(a, b, level, freeze, true) as Promise<Record<string, unknown>>;
        }
        define(out, key, await this.value(vs, tail.end, level + 1, freeze));
        for (const k of Object.keys(tail.rest)) define(out, k, tail.rest[k]);
        break;
      }
      define(out, key, await this.value(vs, ve, level + 1, freeze));
      i = skipSpace(t, ve, b);
      if (i === b - 1) break;
      if (t.charCodeAt(i) !== Ch.Comma) throw new NotSplittable();
      i = skipSpace(t, i + 1, b);
    }
    if (freeze) Object.freeze(out);
    return out;
  }

  /** Where the long value starting at `vs` ends, and the members after it, found from the object's end. */
  private async tail(vs: number, b: number, level: number, freeze: boolean): Promise<{ end: number; rest: Record<string, unknown> } | undefined> {
    const t = this.text;
    const closer = t.charCodeAt(vs) === Ch.OpenBrace ? '}' : ']';
    for (let c = t.lastIndexOf(closer, b - 2); c > vs && b - 1 - c <= TAIL_CHARS; c = t.lastIndexOf(closer, c - 1)) {
      const k = skipSpace(t, c + 1, b - 1);
      if (k === b - 1) return { end: c + 1, rest: {} };
      if (t.charCodeAt(k) !== Ch.Comma) continue;
      try {
        const rest = await this.whole<Record<string, unknown>>(`{${t.slice(k + 1, b - 1)}}`, level, freeze);
        if (Object.keys(rest).length) return { end: c + 1, rest };
      } catch {
        // not where the long value ends: try the previous closer
      }
    }
    return undefined;
  }

  /** The container's members found by scanning every character (any shape), each parsed on its own. */
  private async exact(a: number, b: number, level: number, freeze: boolean, isObject: boolean): Promise<unknown> {
    const t = this.text;
    const spans = await memberSpans(t, a + 1, b - 1, isObject, this.pause);
    if (!isObject) {
      const out: unknown[] = [];
      for (const [s, e] of spans) out.push(await this.value(s, e, level + 1, freeze));
      if (freeze) Object.freeze(out);
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [s, e, colon] of spans) {
      if (colon === undefined) throw new NotSplittable();
      const key: unknown = JSON.parse(t.slice(s, colon));
      if (typeof key !== 'string') throw new NotSplittable();
      define(out, key, await this.value(colon + 1, e, level + 1, freeze));
    }
    if (freeze) Object.freeze(out);
    return out;
  }
}

/**
 * parseBounded (same value, same depth cut, same errors) that lets the event loop run while it parses a large text.
 * With a memo, large values met before in the same exact text are shared (deep-frozen) instead of parsed again.
 */
export async function parseBoundedAsync(text: string, memo?: ParseMemo): Promise<unknown> {
  if (text.length < PIECE_CHARS) return parseBounded(text);
  const splitter = new Splitter(text, memo);
  let v: unknown;
  try {
    v = await splitter.value(0, text.length, 1, false);
  } catch {
    return parseBounded(text);
  }
  if (splitter.cut && v && typeof v === 'object') markDepthCut(v);
  return v;
}
