/** What json-parse-async.ts shares between answers of one target. */

export interface Memoized {
  value: unknown;
  /** The depth bound depends on where the value sits; a value met at another level is parsed again. */
  level: number;
  cut: boolean;
}

/**
 * Large values inside one target's answers, keyed by their exact text: a catalogue fetched two dozen times is
 * parsed once. JSON.parse is pure, so equal text gives an equal value; the shared value is deep-frozen so no reader
 * can change what another reads. Bounded by the text it keeps (each key holds its answer's text), oldest out first.
 */
export class ParseMemo {
  private readonly values = new Map<string, Memoized>();
  /** Parses under way: answers read at the same moment (eight checks at a time) wait for one parse instead of each doing it. */
  private readonly pending = new Map<string, Promise<Memoized | undefined>>();
  private chars = 0;
  constructor(private readonly maxChars = 32 * 1024 * 1024) {}

  get(text: string): Memoized | undefined {
    return this.values.get(text);
  }

  /** The parse of `text` under way, if any; it settles with undefined when that parse gave up (the waiter parses itself). */
  underWay(text: string): Promise<Memoized | undefined> | undefined {
    return this.pending.get(text);
  }

  /** Marks `text` as being parsed until `done` settles. */
  begin(text: string, done: Promise<Memoized | undefined>): void {
    this.pending.set(text, done);
    void done.finally(() => this.pending.delete(text));
  }

  set(text: string, m: Memoized): void {
    if (text.length > this.maxChars) return;
    this.delete(text);
    while (this.chars + text.length > this.maxChars) this.delete(this.values.keys().next().value!);
    this.values.set(text, m);
    this.chars += text.length;
  }

  private delete(text: string): void {
    if (this.values.delete(text)) this.chars -= text.length;
  }
}
