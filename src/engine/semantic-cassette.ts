import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ProviderError } from '../core/provider.js';
import { pairKey, type SemanticMatcher, type SemanticPair } from '../evals/semantic.js';

/** Similarities of a recorded eval's semantic arguments, next to the model cassettes, so a replay asks no endpoint. */
export const SEMANTIC_CASSETTE = 'semantic.json';

interface SemanticCassette {
  matcher: string;
  via: SemanticMatcher['via'];
  pairs: (SemanticPair & { similarity: number })[];
}

export interface RecordingSemantic extends SemanticMatcher {
  save(dir: string): Promise<string>;
}

export function recordingSemantic(m: SemanticMatcher): RecordingSemantic {
  const seen = new Map<string, SemanticPair & { similarity: number }>();
  return {
    id: m.id,
    via: m.via,
    async similarity(pairs, signal) {
      const sims = await m.similarity(pairs, signal);
      pairs.forEach((p, i) => seen.set(pairKey(p), { ...p, similarity: sims[i]! }));
      return sims;
    },
    async save(dir) {
      const file = path.join(dir, SEMANTIC_CASSETTE);
      const c: SemanticCassette = { matcher: m.id, via: m.via, pairs: [...seen.values()].sort((a, b) => pairKey(a).localeCompare(pairKey(b))) };
      await mkdir(dir, { recursive: true });
      await writeFile(`${file}.tmp`, `${JSON.stringify(c, null, 2)}\n`);
      await rename(`${file}.tmp`, file);
      return file;
    },
  };
}

/** The recorded similarities, or undefined when the recording had no semantic matcher. A pair it lacks is a `replay-miss`. */
export async function replaySemantic(dir: string): Promise<SemanticMatcher | undefined> {
  const file = path.join(dir, SEMANTIC_CASSETTE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const c = JSON.parse(text) as SemanticCassette;
  if (typeof c.matcher !== 'string' || (c.via !== 'embeddings' && c.via !== 'judge') || !Array.isArray(c.pairs))
    throw new Error(`${file}: not a semantic cassette`);
  const sims = new Map(c.pairs.map((p) => [pairKey(p), p.similarity]));
  return {
    id: c.matcher,
    via: c.via,
    similarity(pairs) {
      const out = pairs.map((p) => sims.get(pairKey(p)));
      const miss = pairs.find((_, i) => out[i] === undefined);
      if (miss)
        return Promise.reject(
          new ProviderError('replay-miss', `${file} has no similarity for ${JSON.stringify(miss.actual)} vs ${JSON.stringify(miss.expected)}`),
        );
      return Promise.resolve(out as number[]);
    },
  };
}
