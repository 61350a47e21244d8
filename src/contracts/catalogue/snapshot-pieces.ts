/**
 * Reading the tools of snapshot files tool by tool, so a tool whose text is the same in two files (nearly every tool
 * between two snapshots of one server) is parsed, walked and serialised once. Only a file laid out exactly as
 * `serializeCatalogue` writes it takes this path, and only with proof that the pieces make the very value
 * `JSON.parse` of the whole text gives; anything else (hand-formatted, duplicate keys, no tools) is parsed whole.
 */

/** What is known of a parsed tool once a catalogue was built from it (its text is not kept: holding it cost more GC than writing it again). */
interface EntityCanon {
  hash: string;
  /** Plain JSON with every object below the top in canonical key order (`entityState`). */
  ordered: boolean;
}

/**
 * Tools parsed from snapshot text, shared by the files one command reads (both sides of a diff). Found by their first
 * line (the name), then compared by their whole text: hashing every tool's text as a key cost more than parsing it.
 */
export class SnapshotMemo {
  readonly parsed = new Map<string, { text: string; value: object }>();
  /** Hash of a parsed tool, set when a catalogue is built from it; values are never changed after. */
  readonly canon = new WeakMap<object, EntityCanon>();
}

/** The tools array opened at the top level, its first tool's opening brace last. */
const OPEN = '\n  "tools": [\n    {';
/** Between two tools: JSON strings hold no raw line break, so this is layout wherever it occurs. */
const SEP = '\n    },\n    {';
/** The end of the tools array, where the prompts follow (searched from the end: only the hashes come after them). */
const LAST = '\n    }\n  ],\n  "prompts": ';
/** How far into SEP or LAST the closing brace of a tool reaches. */
const BRACE_END = 6;

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `JSON.parse(text)` for a snapshot written as `serializeCatalogue` writes it, each tool looked up in `memo` by its
 * text first; undefined when the layout does not allow the proof (the caller then parses the whole text).
 *
 * Why the value is the same: the text is `{` HEAD `,` `"tools": [` TOOLS `]` `,` TAIL `}`. HEAD closed with `}` parses
 * to an object, so the comma after it is in the top-level object and `"tools"` is a key of it; TAIL opened with `{`
 * parses too. Each piece between separators parses on its own, so by JSON's grammar the array holds exactly those
 * values, and the object is HEAD's members, then `tools`, then TAIL's: spreading them in that order keeps a repeated
 * key where it first came with its last value, as `JSON.parse` does.
 */
export function parseSnapshotPieces(text: string, memo: SnapshotMemo): Record<string, unknown> | undefined {
  const open = text.indexOf(OPEN);
  const last = text.lastIndexOf(LAST);
  if (open < 1 || last < open || text[open - 1] !== ',') return undefined;
  const bodyEnd = last + BRACE_END;
  const head = parseOr(`${text.slice(0, open - 1)}}`);
  // The comma that closes the tools array (LAST holds it) opens TAIL.
  const tail = parseOr(`{${text.slice(bodyEnd + 5)}`);
  if (!isObject(head) || !isObject(tail)) return undefined;
  const tools: object[] = [];
  let from = open + OPEN.length - 1;
  while (from < bodyEnd) {
    const sep = text.indexOf(SEP, from);
    const end = sep < 0 || sep > last ? bodyEnd : sep + BRACE_END;
    const piece = text.slice(from, end);
    const line = text.indexOf('\n', from + 2);
    const key = text.slice(from, line < 0 || line > end ? end : line);
    const known = memo.parsed.get(key);
    if (known?.text === piece) tools.push(known.value);
    else {
      const v = parseOr(piece);
      if (!isObject(v)) return undefined;
      memo.parsed.set(key, { text: piece, value: v });
      tools.push(v);
    }
    from = end - BRACE_END + SEP.length - 1;
  }
  return { ...head, tools, ...tail };
}
