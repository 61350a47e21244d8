/** Changes between two versions of one tool: annotations (risk), input and output schemas, descriptive fields. */
import { canonicalStringify, hashJson } from '../shared/canonical.js';
import type { CatalogueTool, ToolAnnotations } from '../catalogue/catalogue.js';
import type { CatalogueChange } from './change.js';
import { effectiveHints } from '../catalogue/hints.js';
import { compareSchemas } from './schema-diff.js';

/** Both texts, cut to a window around the first difference, so an edit deep in a long description shows. */
export function beforeAfter(a: string | undefined, b: string | undefined, width = 80): string {
  if (a === undefined || b === undefined) return `${excerpt(a, width)} → ${excerpt(b, width)}`;
  const fa = a.replace(/\s+/g, ' ').trim();
  const fb = b.replace(/\s+/g, ' ').trim();
  let p = 0;
  while (p < fa.length && p < fb.length && fa[p] === fb[p]) p++;
  const start = Math.max(0, p - 20);
  const cut = (t: string): string => {
    const body = t.slice(start, start + width);
    return JSON.stringify((start > 0 ? '…' : '') + body + (t.length > start + width ? '…' : ''));
  };
  return `${cut(fa)} → ${cut(fb)}`;
}

const show = (v: boolean | undefined): string => (v === undefined ? 'unset' : String(v));

export function excerpt(text: string | undefined, max = 80): string {
  if (text === undefined) return '(none)';
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? flat.slice(0, max - 1) + '…' : flat);
}

function hintChanges(subject: string, o: ToolAnnotations | undefined, n: ToolAnnotations | undefined): CatalogueChange[] {
  const out: CatalogueChange[] = [];
  const eo = effectiveHints(o);
  const en = effectiveHints(n);
  const was = (k: keyof ToolAnnotations): string => `${String(k)} ${show(o?.[k] as boolean | undefined)} → ${show(n?.[k] as boolean | undefined)}`;
  const add = (kind: CatalogueChange['kind'], change: string, key: keyof ToolAnnotations, why: string): void =>
    void out.push({ kind, subject, change, path: `annotations.${String(key)}`, detail: `${was(key)}: ${why}` });
  if (eo.readOnly && !en.readOnly) add('escalation', 'read-only-dropped', 'readOnlyHint', 'the tool may now modify its environment');
  if (!eo.readOnly && en.readOnly) add('non-breaking', 'read-only-added', 'readOnlyHint', 'the tool now declares it does not modify its environment');
  // destructive and idempotent are meaningful only when the tool is not read-only (server/tools §ToolAnnotations).
  if (!en.readOnly) {
    if (!eo.destructive && en.destructive) add('escalation', 'destructive-added', 'destructiveHint', 'the tool may now make destructive updates');
    if (eo.destructive && !en.destructive && !eo.readOnly)
      add('non-breaking', 'destructive-removed', 'destructiveHint', 'the tool now declares only additive updates');
    if (eo.idempotent && !en.idempotent)
      add('escalation', 'idempotent-dropped', 'idempotentHint', 'repeating a call may now have further effects, so retries are unsafe');
    if (!eo.idempotent && en.idempotent) add('non-breaking', 'idempotent-added', 'idempotentHint', 'repeating a call now has no further effect');
  }
  if (!eo.openWorld && en.openWorld) add('escalation', 'open-world-added', 'openWorldHint', 'the tool may now reach external entities');
  if (eo.openWorld && !en.openWorld) add('non-breaking', 'open-world-removed', 'openWorldHint', 'the tool now declares a closed domain');
  return out;
}

const KNOWN = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations']);
const HINT_KEYS = new Set(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

function differingKeys(a: Record<string, unknown>, b: Record<string, unknown>, skip: Set<string>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !skip.has(k) && canonicalStringify(a[k]) !== canonicalStringify(b[k])).sort();
}

function schemaChanges(subject: string, o: CatalogueTool, n: CatalogueTool): CatalogueChange[] {
  const out: CatalogueChange[] = [];
  const rootInput = { type: 'object' };
  for (const c of compareSchemas(o.inputSchema ?? rootInput, n.inputSchema ?? rootInput, 'input')) {
    out.push({ kind: c.kind, subject, change: c.change, detail: c.detail, path: c.path ? `input.${c.path}` : 'input' });
  }
  if (o.outputSchema !== undefined && n.outputSchema === undefined) {
    out.push({
      kind: 'breaking',
      subject,
      change: 'output-schema-removed',
      path: 'output',
      detail: 'outputSchema was removed; consumers lose the structured result they relied on',
    });
  } else if (o.outputSchema === undefined && n.outputSchema !== undefined) {
    out.push({ kind: 'non-breaking', subject, change: 'output-schema-added', path: 'output', detail: 'outputSchema was added' });
  } else if (o.outputSchema !== undefined) {
    for (const c of compareSchemas(o.outputSchema, n.outputSchema, 'output')) {
      out.push({ kind: c.kind, subject, change: c.change, detail: c.detail, path: c.path ? `output.${c.path}` : 'output' });
    }
  }
  return out;
}

/** Every change between `o` and `n`, reported under `subject`; an unexplained difference is still reported. */
export function compareTool(subject: string, o: CatalogueTool, n: CatalogueTool): CatalogueChange[] {
  if (hashJson(o) === hashJson(n)) return [];
  const out: CatalogueChange[] = [];
  if (o.title !== n.title || o.annotations?.title !== n.annotations?.title) {
    out.push({
      kind: 'non-breaking',
      subject,
      change: 'title-changed',
      detail: `title ${excerpt(o.title ?? o.annotations?.title)} → ${excerpt(n.title ?? n.annotations?.title)}`,
    });
  }
  if (o.description !== n.description) {
    out.push({
      kind: 'non-breaking',
      subject,
      change: 'description-changed',
      path: 'description',
      detail: `${beforeAfter(o.description, n.description)}; descriptions steer tool selection, so re-run behaviour evals`,
    });
  }
  out.push(...hintChanges(subject, o.annotations, n.annotations));
  const otherHints = differingKeys(o.annotations ?? {}, n.annotations ?? {}, new Set([...HINT_KEYS, 'title']));
  if (otherHints.length)
    out.push({ kind: 'non-breaking', subject, change: 'annotations-changed', path: 'annotations', detail: `annotation ${otherHints.join(', ')} changed` });
  out.push(...schemaChanges(subject, o, n));
  const meta = differingKeys(o, n, KNOWN);
  if (meta.length) out.push({ kind: 'non-breaking', subject, change: 'metadata-changed', detail: `${meta.join(', ')} changed` });
  if (out.length === 0)
    out.push({ kind: 'non-breaking', subject, change: 'definition-changed', detail: 'the definition changed in a way no rule names (hashes differ)' });
  return out;
}

export function describeHints(a: ToolAnnotations | undefined): string {
  if (!a || ![...HINT_KEYS].some((k) => a[k] !== undefined)) return 'no annotations';
  return [...HINT_KEYS]
    .filter((k) => a[k] !== undefined)
    .map((k) => `${k}: ${String(a[k])}`)
    .join(', ');
}
