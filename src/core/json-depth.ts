/**
 * Depth bound for JSON a server sent. JSON.parse is iterative, but JSON.stringify, Ajv, masking and every recursive
 * walk after it are not: a message nested thousands of levels deep would overflow the stack far from where it came in.
 * So whatever a server sends is cut to MAX_JSON_DEPTH where it is parsed, and the cut is remembered as a finding.
 */
export const MAX_JSON_DEPTH = 128;

/** What stands in for a subtree that was nested too deep. */
export const DEPTH_PLACEHOLDER = `[cut: nested deeper than ${MAX_JSON_DEPTH} levels]`;

const cut = new WeakSet<object>();

/** True when `v` (the top of a parsed message) had parts nested deeper than MAX_JSON_DEPTH that were replaced. */
export function wasDepthCut(v: unknown): boolean {
  return !!v && typeof v === 'object' && cut.has(v);
}

/** Marks `root` as cut (a message assembled from parts that were bounded one by one). */
export function markDepthCut(root: object): void {
  cut.add(root);
}

/**
 * Replaces, in place and without recursion, every container below MAX_JSON_DEPTH with DEPTH_PLACEHOLDER; with
 * `freeze`, also freezes every container in the same walk (a value shared between answers cannot be changed by one reader).
 */
export function boundDepth<T>(root: T, max = MAX_JSON_DEPTH, freeze = false): T {
  if (!root || typeof root !== 'object') return root;
  let didCut = false;
  const stack: [Record<string, unknown> | unknown[], number][] = [[root as unknown as Record<string, unknown>, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    const keys = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const k of keys) {
      const child = (node as Record<string | number, unknown>)[k];
      if (!child || typeof child !== 'object') continue;
      if (depth >= max) {
        (node as Record<string | number, unknown>)[k] = DEPTH_PLACEHOLDER;
        didCut = true;
      } else stack.push([child as Record<string, unknown>, depth + 1]);
    }
    if (freeze) Object.freeze(node);
  }
  if (didCut) cut.add(root);
  return root;
}

/** JSON.parse bounded in depth; throws as JSON.parse does on bad text. */
export function parseBounded(text: string): unknown {
  return boundDepth(JSON.parse(text) as unknown);
}
