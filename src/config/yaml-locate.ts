import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

export interface Located {
  /** Offset in the source. */
  offset: number;
  /** How much of the path was found (the rest does not exist in the file). */
  depth: number;
}

function keyOf(k: unknown): string | undefined {
  if (isScalar(k)) return String(k.value);
  // A collection key prints as YAML through its own toString.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return k === null || k === undefined ? undefined : String(k);
}

function deref(doc: Document, n: unknown): unknown {
  return isAlias(n) ? n.resolve(doc) : n;
}

/**
 * Finds the source offset for a key path. `at: 'key'` points at the key of the last map entry
 * (for unknown or misplaced keys); otherwise at the value. A missing tail points at its deepest existing parent.
 */
export function locate(doc: Document, path: readonly PropertyKey[], at: 'key' | 'value' = 'value'): Located {
  let node: unknown = doc.contents;
  let keyNode: Node | undefined;
  let depth = 0;
  for (const seg of path) {
    node = deref(doc, node);
    let next: unknown;
    let nextKey: Node | undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => keyOf(p.key) === String(seg));
      if (pair) {
        next = pair.value ?? pair.key;
        nextKey = isScalar(pair.key) ? pair.key : undefined;
      }
    } else if (isSeq(node) && typeof seg === 'number') {
      next = node.items[seg];
    }
    if (next === undefined) break;
    node = next;
    keyNode = nextKey;
    depth++;
  }
  const full = depth === path.length;
  // An empty value (`desk:`) has no text of its own; its key is what the reader sees.
  const empty = isScalar(node) && node.value === null;
  const target = (!full || at === 'key' || empty) && keyNode ? keyNode : (node as Node | null);
  const offset = rangeStart(target) ?? rangeStart(doc.contents) ?? 0;
  return { offset, depth };
}

function rangeStart(n: Node | null | undefined): number | undefined {
  return n && 'range' in n && Array.isArray(n.range) ? n.range[0] : undefined;
}

/** The key path of the innermost map entry or list item whose source range holds `offset`. */
export function pathAt(doc: Document, offset: number): PropertyKey[] {
  const out: PropertyKey[] = [];
  let node: unknown = doc.contents;
  for (;;) {
    node = deref(doc, node);
    let next: unknown;
    if (isMap(node)) {
      for (const p of node.items) {
        const start = rangeStart(p.key as Node) ?? Infinity;
        const end = (p.value as Node | null)?.range?.[2] ?? (p.key as Node | null)?.range?.[2] ?? -1;
        if (isPair(p) && offset >= start && offset <= end) {
          out.push(keyOf(p.key) ?? '');
          next = p.value;
          break;
        }
      }
    } else if (isSeq(node)) {
      const i = node.items.findIndex((item) => {
        const r = (item as Node | null)?.range;
        return !!r && offset >= r[0] && offset <= r[2];
      });
      if (i >= 0) {
        out.push(i);
        next = node.items[i];
      }
    }
    // A node that starts at the error is the broken one: name it, do not look inside.
    const nextStart = rangeStart(next as Node | null);
    if (next === undefined || nextStart === undefined || nextStart >= offset) return out;
    node = next;
  }
}

export function position(lc: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lc.linePos(offset);
  return { line, column: col };
}
