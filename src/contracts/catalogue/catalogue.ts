/**
 * The canonical catalogue: everything a server offers a model (tools, prompts, resources, templates,
 * instructions), sorted, key-canonicalised and hashed, so a snapshot can be committed like a lockfile.
 */
import { createHash } from 'node:crypto';
import { canonicalStringify, entityState, hashJson, orderedEntityText, setOwn, sha256, toJson } from '../shared/canonical.js';
import { canonicalCopy, canonicalText, isFrozenJson } from '../shared/canonical-copy.js';
import type { SnapshotMemo } from './snapshot-pieces.js';

export const CATALOGUE_FORMAT = 'mcp-assay/catalogue@1';

export interface RawCatalogueInput {
  tools: unknown[];
  prompts?: unknown[];
  resources?: unknown[];
  resourceTemplates?: unknown[];
  instructions?: string;
  server?: { name?: string; version?: string };
  protocolVersion?: string;
  /** Set when secrets of the run were masked in what the server sent: a note kept in the snapshot. */
  masked?: string;
}

/** Hints from the tools page of the spec (server/tools §ToolAnnotations); unknown keys are kept. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export type JsonSchema = Record<string, unknown> | boolean;

/** A tool as the server listed it (every field kept), with the fields we reason about typed. */
export interface CatalogueTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  [key: string]: unknown;
}

export interface CataloguePromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
  [key: string]: unknown;
}

export interface CataloguePrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: CataloguePromptArgument[];
  [key: string]: unknown;
}

export interface CatalogueResource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Present when the caller read the resource and kept its text (scanned for poisoning). */
  text?: string;
  [key: string]: unknown;
}

export interface CatalogueResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

export interface CatalogueHashes {
  /** Covers the surface a model sees (instructions, tools, prompts, resources, templates), not server identity. */
  catalogue: string;
  tools: Record<string, string>;
  prompts: Record<string, string>;
  resources: Record<string, string>;
  resourceTemplates: Record<string, string>;
  instructions?: string;
}

export interface Catalogue {
  format: typeof CATALOGUE_FORMAT;
  server: { name?: string; version?: string; protocolVersion?: string };
  instructions?: string;
  tools: CatalogueTool[];
  prompts: CataloguePrompt[];
  resources: CatalogueResource[];
  resourceTemplates: CatalogueResourceTemplate[];
  hashes: CatalogueHashes;
  /** Why some text reads `***`: the server echoed a secret of the run (not covered by the hashes). */
  masked?: string;
}

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

type Entity = Record<string, unknown>;

/**
 * Per catalogue, the canonical copies its hashes were written from, for entities frozen at every level (they cannot
 * change after the build): writing the snapshot reuses them instead of copying a 5,000-tool list a second time.
 */
const copiesOf = new WeakMap<Catalogue, WeakMap<object, unknown>>();

/** The canonical copy of `entity` made while `c` was built, if it was frozen then. */
export function madeCopy(c: Catalogue, entity: unknown): unknown {
  return entity && typeof entity === 'object' ? copiesOf.get(c)?.get(entity) : undefined;
}

/**
 * `owned`: the caller made `list` from JSON text and keeps no reference, so plain JSON members are used as they are,
 * not copied; those already in canonical key order below the top (as a snapshot file writes them) join `ordered`.
 */
function entities(
  list: unknown,
  what: string,
  key: string,
  owned: boolean,
  ordered: WeakSet<object>,
  frozen: WeakMap<object, unknown>,
  memo: SnapshotMemo | undefined,
): Entity[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new CatalogueError(`${what} must be an array`);
  return (list as unknown[]).map((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw new CatalogueError(`${what}[${i}] must be an object`);
    // Known to the memo: a value read from another file and used there as it is, so it is plain JSON.
    if (owned && memo?.canon.has(item)) {
      if (typeof (item as Entity)[key] !== 'string') throw new CatalogueError(`${what}[${i}].${key} must be a string`);
      return item as Entity;
    }
    const state = owned ? entityState(item) : undefined;
    if (state?.ordered) ordered.add(item);
    // A value frozen at every level (a large answer the checks share) cannot change under the catalogue: no copy.
    const isFrozen = !state && isFrozenJson(item);
    if (isFrozen) frozen.set(item, undefined);
    const e = (state?.json || isFrozen ? item : toJson(item)) as Entity;
    if (typeof e[key] !== 'string') throw new CatalogueError(`${what}[${i}].${key} must be a string`);
    return e;
  });
}

/** Sort by identity key, ties by canonical text, so duplicate names still order deterministically. */
function sortEntities<T extends Entity>(list: T[], key: string): T[] {
  // The canonical text is only needed to break a tie, so it is written only for entities that share a key.
  const keyed = list.map((e) => ({ e, k: String(e[key]), c: undefined as string | undefined }));
  const text = (x: (typeof keyed)[number]): string => (x.c ??= canonicalStringify(x.e));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0));
  return keyed.map((x) => x.e);
}

/** Hash per entity, keyed by identity; a repeated name gets `#2`, `#3` so no hash is lost. Each canonical text also goes to `feed`. */
function hashMap(
  list: Entity[],
  key: string,
  ordered: WeakSet<object>,
  frozen: WeakMap<object, unknown>,
  feed: (text: string, i: number) => void,
  memo: SnapshotMemo | undefined,
): Record<string, string> {
  const hashes: Record<string, string> = {};
  list.forEach((e, i) => {
    let k = String(e[key]);
    for (let n = 2; Object.hasOwn(hashes, k); n++) k = `${String(e[key])}#${n}`;
    const known = memo?.canon.get(e);
    const text = ordered.has(e) || known?.ordered ? orderedEntityText(e) : frozen.has(e) ? frozenText(e, frozen) : canonicalText(e);
    const hash = known?.hash ?? sha256(text);
    if (!known) memo?.canon.set(e, { hash, ordered: ordered.has(e) });
    feed(text, i);
    // Only `__proto__` would reach a setter on a plain object; plain assignment is much faster than defineProperty.
    if (k === '__proto__') setOwn(hashes, k, hash);
    else hashes[k] = hash;
  });
  return hashes;
}

/** `watch`, when given, sees the canonical text of every tool, prompt, resource and template as it is hashed. */
/** `canonicalText` of a frozen entity, keeping the copy it was written from. */
function frozenText(e: Entity, frozen: WeakMap<object, unknown>): string {
  const copy = canonicalCopy(e);
  if (copy === undefined) return canonicalText(e);
  frozen.set(e, copy);
  return JSON.stringify(copy);
}

export function buildCatalogue(input: RawCatalogueInput, watch?: (text: string) => void): Catalogue {
  return buildOwnedCatalogue(input, false, watch);
}

/**
 * `buildCatalogue`; with `owned`, entities that are plain JSON are kept rather than copied (for input parsed from a
 * file that nothing else holds). The catalogue hash is `hashJson` of the surface `{instructions, prompts,
 * resourceTemplates, resources, tools}` (keys in canonical order), fed from each entity's canonical text: canonical JSON
 * of an array is its members' texts joined, so nothing is written twice.
 */
export function buildOwnedCatalogue(input: RawCatalogueInput, owned: boolean, watch?: (text: string) => void, memo?: SnapshotMemo): Catalogue {
  if (!input || typeof input !== 'object') throw new CatalogueError('catalogue input must be an object');
  const ordered = new WeakSet<object>();
  const frozen = new WeakMap<object, unknown>();
  const tools = sortEntities(entities(input.tools ?? [], 'tools', 'name', owned, ordered, frozen, memo), 'name') as CatalogueTool[];
  const prompts = sortEntities(entities(input.prompts, 'prompts', 'name', owned, ordered, frozen, memo), 'name') as CataloguePrompt[];
  const resources = sortEntities(entities(input.resources, 'resources', 'uri', owned, ordered, frozen, memo), 'uri') as CatalogueResource[];
  const resourceTemplates = sortEntities(
    entities(input.resourceTemplates, 'resourceTemplates', 'uriTemplate', owned, ordered, frozen, memo),
    'uriTemplate',
  ) as CatalogueResourceTemplate[];
  if (input.instructions !== undefined && typeof input.instructions !== 'string') throw new CatalogueError('instructions must be a string');
  const server: Catalogue['server'] = {};
  if (typeof input.server?.name === 'string') server.name = input.server.name;
  if (typeof input.server?.version === 'string') server.version = input.server.version;
  if (typeof input.protocolVersion === 'string') server.protocolVersion = input.protocolVersion;
  const surface = createHash('sha256');
  surface.update('{');
  if (input.instructions !== undefined) surface.update(`"instructions":${canonicalStringify(input.instructions)},`);
  const listed = (name: string, list: Entity[], key: string): Record<string, string> => {
    surface.update(`${name === 'prompts' ? '' : ','}"${name}":[`);
    // Two updates, not one joined string: joining would copy every entity's text once more.
    const hashes = hashMap(
      list,
      key,
      ordered,
      frozen,
      (text, i) => {
        if (i) surface.update(',');
        surface.update(text);
        watch?.(text);
      },
      owned ? memo : undefined,
    );
    surface.update(']');
    return hashes;
  };
  const p = listed('prompts', prompts, 'name');
  const rt = listed('resourceTemplates', resourceTemplates, 'uriTemplate');
  const r = listed('resources', resources, 'uri');
  const t = listed('tools', tools, 'name');
  surface.update('}');
  const hashes: CatalogueHashes = {
    catalogue: `sha256:${surface.digest('hex')}`,
    tools: t,
    prompts: p,
    resources: r,
    resourceTemplates: rt,
  };
  if (input.instructions !== undefined) hashes.instructions = hashJson(input.instructions);
  const c: Catalogue = { format: CATALOGUE_FORMAT, server, tools, prompts, resources, resourceTemplates, hashes };
  if (input.instructions !== undefined) c.instructions = input.instructions;
  if (typeof input.masked === 'string') c.masked = input.masked;
  copiesOf.set(c, frozen);
  return c;
}
