/**
 * Reading a catalogue file: a snapshot written by `serializeCatalogue`, or a raw list result
 * (`{tools: [...]}`, a JSON-RPC response around one, or the combined raw form used by fixtures).
 */
import { jsonErrorOffset } from './json-locate.js';
import { buildOwnedCatalogue, CATALOGUE_FORMAT, CatalogueError, type Catalogue, type RawCatalogueInput } from './catalogue.js';
import { parseSnapshotPieces, type SnapshotMemo } from './snapshot-pieces.js';

function lineCol(text: string, pos: number): string {
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const col = pos - before.lastIndexOf('\n');
  return `line ${line}, column ${col}`;
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // V8's own message can quote the whole input, so the position is found and described here instead.
    const pos = jsonErrorOffset(text);
    const what = pos < 0 || pos >= text.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(text[pos])}`;
    throw new CatalogueError(`${file}: not valid JSON at ${lineCol(text, Math.max(0, Math.min(pos, text.length)))}: ${what}`);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function rawFrom(doc: Record<string, unknown>): RawCatalogueInput {
  const r: RawCatalogueInput = { tools: doc.tools as unknown[] };
  if (doc.prompts !== undefined) r.prompts = doc.prompts as unknown[];
  if (doc.resources !== undefined) r.resources = doc.resources as unknown[];
  if (doc.resourceTemplates !== undefined) r.resourceTemplates = doc.resourceTemplates as unknown[];
  if (doc.instructions !== undefined) r.instructions = doc.instructions as string;
  if (isObject(doc.server)) r.server = doc.server;
  const pv = doc.protocolVersion ?? (isObject(doc.server) ? doc.server.protocolVersion : undefined);
  if (typeof pv === 'string') r.protocolVersion = pv;
  if (typeof doc.masked === 'string') r.masked = doc.masked;
  return r;
}

function build(raw: RawCatalogueInput, file: string, memo?: SnapshotMemo): Catalogue {
  try {
    // The document was parsed here and nothing else holds it (a memo's tools are never changed), so its members need no defensive copy.
    return buildOwnedCatalogue(raw, true, undefined, memo);
  } catch (e) {
    throw new CatalogueError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** First differing hash, so a hand-edited snapshot is named precisely. */
function hashMismatch(stored: unknown, fresh: Catalogue): string | undefined {
  if (!isObject(stored)) return 'hashes is missing';
  for (const group of ['tools', 'prompts', 'resources', 'resourceTemplates'] as const) {
    const want = fresh.hashes[group];
    const got = isObject(stored[group]) ? stored[group] : {};
    for (const k of new Set([...Object.keys(want), ...Object.keys(got)])) {
      if (want[k] !== got[k]) return `hashes.${group}["${k}"] does not match the ${group.replace(/s$/, '')} it names`;
    }
  }
  if (stored.instructions !== fresh.hashes.instructions) return 'hashes.instructions does not match instructions';
  if (stored.catalogue !== fresh.hashes.catalogue) return 'hashes.catalogue does not match the content';
  return undefined;
}

/**
 * A catalogue from a file's text. `memo`, shared by the files one command reads, lets a tool whose text is the same in
 * another snapshot be parsed and hashed once (its stored hash is still checked against it).
 */
export function parseCatalogue(text: string, file: string, memo?: SnapshotMemo): Catalogue {
  const doc = (memo && parseSnapshotPieces(text, memo)) || parseJson(text, file);
  if (!isObject(doc)) throw new CatalogueError(`${file}: expected a JSON object, found ${Array.isArray(doc) ? 'an array' : typeof doc}`);
  if (doc.format !== undefined) {
    if (doc.format !== CATALOGUE_FORMAT)
      throw new CatalogueError(`${file}: unsupported format ${JSON.stringify(doc.format)} (this version reads "${CATALOGUE_FORMAT}")`);
    if (!Array.isArray(doc.tools)) throw new CatalogueError(`${file}: "tools" must be an array`);
    const fresh = build(rawFrom(doc), file, memo);
    const bad = hashMismatch(doc.hashes, fresh);
    if (bad) throw new CatalogueError(`${file}: ${bad}; the snapshot was edited by hand or is corrupt, write it again with \`mcp-assay snapshot\``);
    return fresh;
  }
  // A saved JSON-RPC response or a bare list result is accepted, so users can diff what they already have.
  const body = isObject(doc.result) ? doc.result : doc;
  if (!Array.isArray(body.tools)) {
    throw new CatalogueError(`${file}: not a catalogue: expected "format": "${CATALOGUE_FORMAT}" or a "tools" array (a tools/list result)`);
  }
  return build(rawFrom(body), file);
}
