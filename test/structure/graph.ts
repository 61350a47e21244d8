import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, from test/structure (tsx) or dist/test/structure (compiled). */
export const REPO = path.resolve(here, path.extname(fileURLToPath(import.meta.url)) === '.ts' ? '../..' : '../../..');
export const SRC = path.join(REPO, 'src');

export interface Layer {
  may: string[];
  pending?: string[];
  why?: string;
}
interface LayersModule {
  LAYERS: Record<string, Layer>;
  layerOf(relativeToSrc: string): string;
}

/** The one declaration of the layer order, shared with the lint rule (plain JS, so loaded at run time). */
export async function loadLayers(): Promise<LayersModule> {
  return (await import(pathToFileURL(path.join(REPO, 'lint/layers.js')).href)) as LayersModule;
}

/** Every `.ts` file under `dir`, relative to it, with `/` separators. */
export function tsFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return tsFiles(p, base);
    return p.endsWith('.ts') ? [path.relative(base, p).split(path.sep).join('/')] : [];
  });
}

export interface ImportEdge {
  spec: string;
  typeOnly: boolean;
}

/** Relative module specifiers of static imports, re-exports and `import()` calls, comments stripped first. */
export function importsOf(text: string): ImportEdge[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const out: ImportEdge[] = [];
  const statement = /\b(import|export)(\s+type\b)?[^'";]*?\bfrom\s*'(\.{1,2}\/[^']+)'|\bimport\s*'(\.{1,2}\/[^']+)'|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;
  for (const m of code.matchAll(statement)) {
    const spec = m[3] ?? m[4] ?? m[5];
    if (spec) out.push({ spec, typeOnly: Boolean(m[2]) });
  }
  return out;
}

/** The import graph of `root`: file -> the files it imports inside `root` (emitted `.js` names mapped back to `.ts`). */
export function importGraph(root: string, opts: { runtimeOnly?: boolean } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of tsFiles(root)) {
    const targets = importsOf(readFileSync(path.join(root, file), 'utf8'))
      .filter((e) => !(opts.runtimeOnly && e.typeOnly))
      .map((e) => path.posix.normalize(path.posix.join(path.posix.dirname(file), e.spec)).replace(/\.js$/, '.ts'))
      .filter((t) => !t.startsWith('../'));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each import that crosses layers against the table: `file imports target (layer)`. */
export function layerViolations(graph: Map<string, string[]>, layers: LayersModule): string[] {
  const bad: string[] = [];
  for (const [file, targets] of graph) {
    const from = layers.layerOf(file);
    const layer = layers.LAYERS[from];
    for (const t of targets) {
      const to = layers.layerOf(t);
      if (to === from) continue;
      if (!layer || !(layer.may.includes(to) || layer.pending?.includes(to))) bad.push(`${file} imports ${t} (${to})`);
    }
  }
  return bad;
}

/** `pending` entries no file still needs: each should be deleted from the table. */
export function stalePending(graph: Map<string, string[]>, layers: LayersModule): string[] {
  const used = new Set<string>();
  for (const [file, targets] of graph) for (const t of targets) used.add(`${layers.layerOf(file)} -> ${layers.layerOf(t)}`);
  return Object.entries(layers.LAYERS).flatMap(([name, l]) => (l.pending ?? []).map((p) => `${name} -> ${p}`).filter((e) => !used.has(e)));
}

/** Import cycles, one per strongly connected component (Tarjan), each listed from its smallest file name. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}
