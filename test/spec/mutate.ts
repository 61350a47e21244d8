/** Systematic mutations of a valid example, for comparing our verdicts with the official schema's. */

export interface Mutation {
  /** What was changed, e.g. `drop /result/ttlMs` or `type /tools/0/name`. */
  label: string;
  /** JSON Pointer of the member that changed. */
  path: string;
  value: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const token = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** A value of another JSON type than `value`. */
function wrongType(value: Json): Json {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not-a-number';
  if (typeof value === 'boolean') return 'not-a-boolean';
  if (value === null) return 0;
  return Array.isArray(value) ? { not: 'an array' } : 'not-an-object';
}

/** A copy of `root` with the member at `keys` replaced (or removed when `replacement` is `undefined`). */
function edit(root: Json, keys: (string | number)[], replacement: Json | undefined): Json {
  const copy = structuredClone(root);
  let node: Json = copy;
  for (const key of keys.slice(0, -1)) node = (node as Record<string, Json>)[key as string] as Json;
  const last = keys[keys.length - 1] as string | number;
  if (Array.isArray(node)) {
    if (replacement === undefined) node.splice(last as number, 1);
    else node[last as number] = replacement;
  } else if (replacement === undefined) {
    delete (node as Record<string, Json>)[last as string];
  } else {
    (node as Record<string, Json>)[last as string] = replacement;
  }
  return copy;
}

/** Drop and wrong-type mutations of every member at any depth, plus the targeted edits of DIGEST §d. */
export function mutations(example: unknown, options: { maxDepth?: number } = {}): Mutation[] {
  const root = example as Json;
  const out: Mutation[] = [];
  const maxDepth = options.maxDepth ?? Infinity;
  const visit = (node: Json, keys: (string | number)[]): void => {
    if (node === null || typeof node !== 'object' || keys.length >= maxDepth) return;
    const entries: [string | number, Json][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    for (const [key, child] of entries) {
      const at = [...keys, key];
      const path = '/' + at.map((k) => token(String(k))).join('/');
      // Array elements are replaced, not dropped: dropping one only shortens a list.
      if (!Array.isArray(node)) out.push({ label: `drop ${path}`, path, value: edit(root, at, undefined) });
      out.push({ label: `type ${path}`, path, value: edit(root, at, wrongType(child)) });
      targeted(key, child, at, path);
      visit(child, at);
    }
  };
  const targeted = (key: string | number, child: Json, at: (string | number)[], path: string): void => {
    const set = (what: string, v: Json): void => void out.push({ label: `${what} ${path}`, path, value: edit(root, at, v) });
    if (key === 'resultType' && typeof child === 'string') {
      for (const v of ['bogus', 'task', 'input_required', 'complete'].filter((v) => v !== child)) set(`resultType=${v}`, v);
    }
    if (key === 'ttlMs') for (const v of [-1, 1.5, '60000']) set(`ttlMs=${JSON.stringify(v)}`, v);
    if (key === 'cacheScope') for (const v of ['shared', 'PUBLIC']) set(`cacheScope=${v}`, v);
    if (key === 'id' && at.length === 1) set('id=null', null);
    if (key === 'jsonrpc') set('jsonrpc=1.0', '1.0');
  };
  visit(root, []);
  return out;
}
