/** Terminal renderings for the quick loop: server text is always made inert (visible escapes), secrets masked. */
import { classifyTool, truncate, visible, wireBody, wireHeader, type Catalogue, type Masker, type WireEntry } from '../index.js';

export const LIST_KINDS = ['tools', 'resources', 'templates', 'prompts'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** Pretty JSON safe for a terminal: JSON.stringify escapes controls; visible() turns bidi/invisible ones into \uXXXX (still valid JSON). */
export function inertJson(v: unknown, masker?: Masker): string {
  return visible(JSON.stringify(masker ? masker.json(v) : v, null, 2) ?? 'null');
}

const oneLine = (s: unknown, max = 90): string => (typeof s === 'string' ? truncate(visible(s.replace(/\s+/g, ' ').trim()), max) : '');

function table(rows: string[][]): string[] {
  const widths = rows.reduce<number[]>((w, r) => r.map((c, i) => Math.max(w[i] ?? 0, c.length)), []);
  return rows.map((r) => `  ${r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')}`.trimEnd());
}

/** The items of one kind, as JSON-ready values. */
export function itemsOf(c: Catalogue, kind: ListKind): unknown[] {
  if (kind === 'tools') return c.tools;
  if (kind === 'resources') return c.resources;
  if (kind === 'templates') return c.resourceTemplates;
  return c.prompts;
}

/** One section per kind: a heading with the count, then one row per item. */
export function renderList(c: Catalogue, kinds: readonly ListKind[]): string {
  const out: string[] = [];
  for (const kind of kinds) {
    const items = itemsOf(c, kind);
    out.push(`${kind} (${items.length})`);
    if (kind === 'tools')
      out.push(
        ...table(c.tools.map((t) => [visible(t.name), classifyTool(t).class, t.outputSchema !== undefined ? 'output schema' : '-', oneLine(t.description)])),
      );
    else if (kind === 'resources')
      out.push(...table(c.resources.map((r) => [visible(r.uri), oneLine(r.mimeType, 30) || '-', oneLine(r.description ?? r.name)])));
    else if (kind === 'templates')
      out.push(...table(c.resourceTemplates.map((r) => [visible(r.uriTemplate), oneLine(r.mimeType, 30) || '-', oneLine(r.description ?? r.name)])));
    else
      out.push(
        ...table(
          c.prompts.map((p) => [
            visible(p.name),
            (p.arguments ?? []).map((a) => `${visible(String(a.name))}${a.required ? '*' : ''}`).join(', ') || '-',
            oneLine(p.description),
          ]),
        ),
      );
    out.push('');
  }
  return out.join('\n');
}

/** The wire as `check -v` shows it: one header line per message, then its headers and body. */
export function renderWire(entries: readonly WireEntry[]): string {
  const out: string[] = [];
  for (const w of entries) {
    out.push(visible(wireHeader(w)));
    const body = visible(truncate(wireBody(w), 4000));
    if (body) out.push(...body.split('\n').map((l) => `    ${l}`));
  }
  return out.length ? `${out.join('\n')}\n` : '';
}
