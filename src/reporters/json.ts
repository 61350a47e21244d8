import type { Report } from '../core/types.js';

export { REPORT_SCHEMA_ID } from '../core/types.js';

// JSON.stringify leaves these (DEL, C1 controls, bidi, invisibles) raw; as \u escapes they stay the same data but cannot reorder a terminal or editor view.
const INVISIBLE = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** The Report itself, as JSON. */
export function render(report: Report): string {
  const text = JSON.stringify(report, null, 2).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${text}\n`;
}

/** Pieces of about this many characters are handed to the writer. */
const PIECE = 256 * 1024;
/** The first levels (the report, its targets, each target) are always walked; below them, what holds a list this long. */
const ALWAYS = 3;
const MANY = 64;

/**
 * `render(report)` in pieces, for writing to a file without holding the whole text: a 5,000-tool report is about
 * 7 MB of JSON, written as one string (two bytes a character once any character is past Latin-1), copied again by the
 * escaping and the final newline, and again as UTF-8. The report's first levels and its long lists (wire entries,
 * findings, the catalogue's tools) are walked here, every other member is written by JSON.stringify, indented by its
 * depth: the same text.
 */
export function* renderPieces(report: Report): Generator<string> {
  const value: unknown = report;
  if (!walkable(value)) return void (yield render(report));
  const sink = new Sink();
  for (const piece of walk(value, 0, sink)) yield escape(piece);
  sink.add('\n');
  yield escape(sink.take());
}

const escape = (text: string): string => text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

class Sink {
  private parts: string[] = [];
  private size = 0;
  add(text: string): void {
    this.parts.push(text);
    this.size += text.length;
  }
  get full(): boolean {
    return this.size >= PIECE;
  }
  take(): string {
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    return text;
  }
}

/** An object or array JSON.stringify writes member by member, as it is: no toJSON, no prototype but the plain ones. */
function walkable(v: unknown): v is Record<string, unknown> | unknown[] {
  if (!v || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return Array.isArray(v) ? proto === Array.prototype : proto === Object.prototype || proto === null;
}

function long(v: unknown): boolean {
  if (!walkable(v)) return false;
  if (Array.isArray(v)) return v.length >= MANY;
  let n = 0;
  for (const _ in v) if (++n >= MANY) return true;
  return false;
}

/** Worth walking: a first level, a long list, or what holds one. */
function worthWalking(v: unknown, depth: number): v is Record<string, unknown> | unknown[] {
  if (!walkable(v)) return false;
  if (depth < ALWAYS || long(v)) return true;
  return Array.isArray(v) ? v.some(long) : Object.keys(v).some((k) => long(v[k]));
}

/** JSON.stringify(v, null, 2) written `depth` levels down; undefined where JSON has nothing to write (a function, undefined). */
function whole(v: unknown, depth: number): string | undefined {
  const text = JSON.stringify(v, null, 2) as string | undefined;
  return text === undefined || depth === 0 ? text : text.replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/** JSON.stringify(v, null, 2) at `depth` into `sink`, member by member; yields the sink's text whenever it is full. */
function* walk(v: Record<string, unknown> | unknown[], depth: number, sink: Sink): Generator<string> {
  const inner = `\n${'  '.repeat(depth + 1)}`;
  const close = `\n${'  '.repeat(depth)}${Array.isArray(v) ? ']' : '}'}`;
  let first = true;
  const keys = Array.isArray(v) ? undefined : Object.keys(v);
  const n = keys ? keys.length : (v as unknown[]).length;
  for (let i = 0; i < n; i++) {
    const x = keys ? (v as Record<string, unknown>)[keys[i] as string] : (v as unknown[])[i];
    const lead = `${first ? (keys ? '{' : '[') : ','}${inner}${keys ? `${JSON.stringify(keys[i])}: ` : ''}`;
    if (worthWalking(x, depth + 1)) {
      sink.add(lead);
      yield* walk(x, depth + 1, sink);
    } else {
      const text = whole(x, depth + 1);
      // What JSON cannot hold is left out of an object, and null in an array.
      if (text === undefined && keys) continue;
      sink.add(lead);
      sink.add(text ?? 'null');
    }
    first = false;
    if (sink.full) yield sink.take();
  }
  sink.add(first ? (keys ? '{}' : '[]') : close);
}
