/** Writing a catalogue as the committed snapshot text (read back by catalogue-parse.ts). */
import { canonicalDocument, canonicalStringify, escapeInvisible } from '../shared/canonical.js';
import { canonicalCopy, liftedCopy } from '../shared/canonical-copy.js';
import { CATALOGUE_FORMAT, madeCopy, type Catalogue } from './catalogue.js';

type Entity = Record<string, unknown>;

const isObject = (v: unknown): boolean => !!v && typeof v === 'object' && !Array.isArray(v);

/** Identity keys written first in each entity of a list, so lockfile entries read naturally. */
const LIFT = { tools: ['name'], prompts: ['name'], resources: ['uri', 'name'], resourceTemplates: ['uriTemplate', 'name'] } as const;

/**
 * Canonical, byte-stable text: fixed top-level order, sorted keys below, identity keys first in entities.
 * Invisible characters are written as `\uXXXX` escapes, so a reviewer sees them in the diff.
 */
export function serializeCatalogue(c: Catalogue): string {
  return copiedDocument(c) ?? wholeDocument(c) ?? partByPart(c);
}

/** Canonical copies written by one native pass with no replacer (the common case: every part plain JSON). */
function copiedDocument(c: Catalogue): string | undefined {
  const parts: unknown[] = [c.tools, c.prompts, c.resources, c.resourceTemplates];
  if (!parts.every(Array.isArray) || !isObject(c.server) || !isObject(c.hashes)) return undefined;
  const server = canonicalCopy(c.server);
  const hashes = liftedCopy(c.hashes, ['catalogue']);
  if (server === undefined || hashes === undefined) return undefined;
  const list = (items: readonly unknown[], lift: readonly string[]): Entity[] | undefined => {
    const out: Entity[] = [];
    for (const e of items) {
      const x = liftedCopy(e, lift, madeCopy(c, e));
      if (!x) return undefined;
      out.push(x);
    }
    return out;
  };
  const doc: Record<string, unknown> = { format: CATALOGUE_FORMAT, server };
  if (c.instructions !== undefined) {
    if (typeof c.instructions !== 'string') return undefined;
    doc.instructions = c.instructions;
  }
  for (const [key, items] of [
    ['tools', c.tools],
    ['prompts', c.prompts],
    ['resources', c.resources],
    ['resourceTemplates', c.resourceTemplates],
  ] as const) {
    const copied = list(items, LIFT[key]);
    if (!copied) return undefined;
    doc[key] = copied;
  }
  doc.hashes = hashes;
  const text = escapeInvisible(JSON.stringify(doc, null, 2));
  return c.masked === undefined ? `${text}\n` : `${text.slice(0, -2)},\n  "masked": ${JSON.stringify(c.masked)}\n}\n`;
}

/** One native pass over the whole document (the common case). */
function wholeDocument(c: Catalogue): string | undefined {
  // A hand-made catalogue with a part missing is written as `null` there by the part-by-part path, not left out.
  const parts: unknown[] = [c.tools, c.prompts, c.resources, c.resourceTemplates];
  if (!parts.every(Array.isArray) || !isObject(c.server) || !isObject(c.hashes)) return undefined;
  // Fresh arrays, so each list is known by identity in the replacer even if a caller shared one between fields.
  const lists = new Map<unknown, readonly string[]>();
  const list = (items: readonly Entity[], lift: readonly string[]): Entity[] => {
    const copy = [...items];
    lists.set(copy, lift);
    return copy;
  };
  const doc: Record<string, unknown> = { format: CATALOGUE_FORMAT, server: c.server };
  if (c.instructions !== undefined) doc.instructions = c.instructions;
  doc.tools = list(c.tools, LIFT.tools);
  doc.prompts = list(c.prompts, LIFT.prompts);
  doc.resources = list(c.resources, LIFT.resources);
  doc.resourceTemplates = list(c.resourceTemplates, LIFT.resourceTemplates);
  doc.hashes = c.hashes;
  const text = canonicalDocument(doc, 2, (holder, key) => (holder === doc ? (key === 'hashes' ? ['catalogue'] : undefined) : lists.get(holder)));
  if (text === undefined) return undefined;
  // The masking note is written as it is, unescaped, as the part-by-part path does: it goes in after the escaping.
  return c.masked === undefined ? `${text}\n` : `${text.slice(0, -2)},\n  "masked": ${JSON.stringify(c.masked)}\n}\n`;
}

/** Each part on its own, so an entity with array-index-like keys takes the hand-written path alone. */
export function partByPart(c: Catalogue): string {
  const lines: string[] = [];
  const field = (k: string, text: string): void => void lines.push(`  ${JSON.stringify(k)}: ${text}`);
  const canon = (v: unknown, level: number, lift?: readonly string[]): string =>
    canonicalStringify(v, 2, { baseLevel: level, escapeInvisible: true, ...(lift ? { liftKeys: lift } : {}) });
  const list = (items: readonly Entity[], lift: readonly string[]): string =>
    items.length === 0 ? '[]' : '[\n' + items.map((e) => '    ' + canon(e, 2, lift)).join(',\n') + '\n  ]';
  field('format', JSON.stringify(CATALOGUE_FORMAT));
  field('server', canon(c.server, 1));
  if (c.instructions !== undefined) field('instructions', canon(c.instructions, 1));
  field('tools', list(c.tools, LIFT.tools));
  field('prompts', list(c.prompts, LIFT.prompts));
  field('resources', list(c.resources, LIFT.resources));
  field('resourceTemplates', list(c.resourceTemplates, LIFT.resourceTemplates));
  field('hashes', canon(c.hashes, 1, ['catalogue']));
  if (c.masked !== undefined) field('masked', JSON.stringify(c.masked));
  return '{\n' + lines.join(',\n') + '\n}\n';
}
