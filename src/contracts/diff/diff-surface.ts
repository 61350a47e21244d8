/** Changes to prompts, resources and resource templates: the rest of what a server offers a model. */
import { canonicalStringify, hashJson } from '../shared/canonical.js';
import type { CataloguePrompt, CataloguePromptArgument, CatalogueResource, CatalogueResourceTemplate } from '../catalogue/catalogue.js';
import type { CatalogueChange } from './change.js';
import { beforeAfter, excerpt } from './diff-tool.js';
import { textOf } from '../../core/text-of.js';

type Entity = Record<string, unknown>;

function index<T extends Entity>(list: readonly T[], key: string): Map<string, T> {
  const m = new Map<string, T>();
  for (const e of list) if (!m.has(String(e[key]))) m.set(String(e[key]), e);
  return m;
}

function otherKeys(a: Entity, b: Entity, skip: readonly string[]): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !skip.includes(k) && canonicalStringify(a[k]) !== canonicalStringify(b[k])).sort();
}

/** Shared walk: removed, added, then `same` for the ones in both. */
function walk<T extends Entity>(
  oldList: readonly T[],
  newList: readonly T[],
  key: string,
  noun: string,
  prefix: string,
  same: (subject: string, o: T, n: T) => CatalogueChange[],
): CatalogueChange[] {
  const out: CatalogueChange[] = [];
  const o = index(oldList, key);
  const n = index(newList, key);
  for (const [id, e] of o) {
    const subject = `${prefix}:${id}`;
    const ne = n.get(id);
    if (!ne) out.push({ kind: 'breaking', subject, change: `${noun}-removed`, detail: `the ${noun} is gone; clients that use it fail` });
    else if (hashJson(e) !== hashJson(ne)) out.push(...same(subject, e, ne));
  }
  for (const [id, e] of n) {
    if (!o.has(id))
      out.push({
        kind: 'non-breaking',
        subject: `${prefix}:${id}`,
        change: `${noun}-added`,
        detail: `new ${noun}; ${excerpt(e.description as string | undefined, 60)}`,
      });
  }
  return out;
}

function describeChange(subject: string, noun: string, o: Entity, n: Entity): CatalogueChange[] {
  if (o.description === n.description) return [];
  return [
    {
      kind: 'non-breaking',
      subject,
      change: `${noun}-description-changed`,
      path: 'description',
      detail: beforeAfter(o.description as string | undefined, n.description as string | undefined),
    },
  ];
}

function metaChange(subject: string, o: Entity, n: Entity, skip: readonly string[]): CatalogueChange[] {
  const keys = otherKeys(o, n, skip);
  return keys.length ? [{ kind: 'non-breaking', subject, change: 'metadata-changed', detail: `${keys.join(', ')} changed` }] : [];
}

function promptArgs(subject: string, o: CataloguePrompt, n: CataloguePrompt): CatalogueChange[] {
  const out: CatalogueChange[] = [];
  const oa = index<CataloguePromptArgument>(o.arguments ?? [], 'name');
  const na = index<CataloguePromptArgument>(n.arguments ?? [], 'name');
  for (const [name, a] of oa) {
    const b = na.get(name);
    const path = `arguments.${name}`;
    if (!b) out.push({ kind: 'breaking', subject, change: 'prompt-argument-removed', path, detail: `argument \`${name}\` was removed` });
    else if (!a.required && b.required)
      out.push({ kind: 'breaking', subject, change: 'prompt-argument-now-required', path, detail: `argument \`${name}\` is now required` });
    else if (a.required && !b.required)
      out.push({ kind: 'non-breaking', subject, change: 'prompt-argument-now-optional', path, detail: `argument \`${name}\` is no longer required` });
    if (b && a.description !== b.description)
      out.push({ kind: 'non-breaking', subject, change: 'prompt-argument-description-changed', path, detail: beforeAfter(a.description, b.description) });
  }
  for (const [name, b] of na) {
    if (oa.has(name)) continue;
    const path = `arguments.${name}`;
    if (b.required) out.push({ kind: 'breaking', subject, change: 'prompt-argument-required-added', path, detail: `required argument \`${name}\` was added` });
    else out.push({ kind: 'non-breaking', subject, change: 'prompt-argument-added', path, detail: `optional argument \`${name}\` was added` });
  }
  return out;
}

export function diffPrompts(oldList: readonly CataloguePrompt[], newList: readonly CataloguePrompt[]): CatalogueChange[] {
  return walk(oldList, newList, 'name', 'prompt', 'prompt', (subject, o, n) => {
    const out = [...describeChange(subject, 'prompt', o, n), ...promptArgs(subject, o, n), ...metaChange(subject, o, n, ['name', 'description', 'arguments'])];
    return out.length ? out : [{ kind: 'non-breaking', subject, change: 'definition-changed', detail: 'the definition changed in a way no rule names' }];
  });
}

function mimeChange(subject: string, o: Entity, n: Entity): CatalogueChange[] {
  if (o.mimeType === n.mimeType) return [];
  return [
    {
      kind: 'breaking',
      subject,
      change: 'mime-type-changed',
      path: 'mimeType',
      detail: `mimeType ${textOf(o.mimeType ?? '(none)')} → ${textOf(n.mimeType ?? '(none)')}; readers that parse by type break`,
    },
  ];
}

export function diffResources(oldList: readonly CatalogueResource[], newList: readonly CatalogueResource[]): CatalogueChange[] {
  return walk(oldList, newList, 'uri', 'resource', 'resource', (subject, o, n) => [
    ...mimeChange(subject, o, n),
    ...describeChange(subject, 'resource', o, n),
    ...metaChange(subject, o, n, ['uri', 'description', 'mimeType']),
  ]);
}

export function diffTemplates(oldList: readonly CatalogueResourceTemplate[], newList: readonly CatalogueResourceTemplate[]): CatalogueChange[] {
  return walk(oldList, newList, 'uriTemplate', 'template', 'template', (subject, o, n) => [
    ...mimeChange(subject, o, n),
    ...describeChange(subject, 'template', o, n),
    ...metaChange(subject, o, n, ['uriTemplate', 'description', 'mimeType']),
  ]);
}
