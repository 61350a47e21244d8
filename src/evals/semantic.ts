import type { TraceCall } from '../core/evals-report.js';
import type { Embedder, ModelProvider } from '../core/provider.js';
import { canonicalJson } from '../core/canonical.js';
import type { GoldenCase } from './golden-types.js';

/** Cosine similarity an embeddings match needs when the argument sets no `threshold` (METRICS §2 names none). */
export const DEFAULT_EMBEDDING_THRESHOLD = 0.85;

/** Similarities computed before scoring, so the scorers stay pure: pair key -> similarity in [0, 1]. */
export interface SemanticScores {
  /** `embeddings:openai:text-embedding-3-small` or `judge:openai:gpt-4.1-mini`. */
  source: string;
  via: 'embeddings' | 'judge';
  scores: ReadonlyMap<string, number>;
}

export interface SemanticMatcher {
  id: string;
  via: 'embeddings' | 'judge';
  similarity(pairs: readonly SemanticPair[], signal?: AbortSignal): Promise<number[]>;
}

export interface SemanticPair {
  expected: string;
  actual: string;
}

/** The text a value is compared as: strings as written, anything else as canonical JSON. */
export const semanticText = (v: unknown): string => (typeof v === 'string' ? v : canonicalJson(v));
export const pairKey = (p: SemanticPair): string => JSON.stringify([p.expected, p.actual]);

/** Every (expected, actual) pair the arguments scorer will ask about: semantic keys of calls to the expected tool. */
export function semanticPairs(c: GoldenCase, calls: readonly TraceCall[]): SemanticPair[] {
  const cls = Array.isArray(c.expectTool) ? c.expectTool : [];
  const keys = Object.entries(c.args ?? {}).filter(([, m]) => m.kind === 'semantic' && m.hasValue);
  const out = new Map<string, SemanticPair>();
  for (const call of calls) {
    if (!cls.includes(call.tool) || !call.arguments) continue;
    for (const [k, m] of keys) {
      if (!(k in call.arguments)) continue;
      const p = { expected: semanticText(m.value), actual: semanticText(call.arguments[k]) };
      out.set(pairKey(p), p);
    }
  }
  return [...out.values()];
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`embedding dimensions differ (${a.length} vs ${b.length})`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Cosine similarity of embeddings; each distinct text is embedded once per eval (in-memory cache). */
export function embeddingsMatcher(e: Embedder): SemanticMatcher {
  const vectors = new Map<string, Promise<number[]>>();
  return {
    id: `embeddings:${e.id}`,
    via: 'embeddings',
    async similarity(pairs, signal) {
      const missing = [...new Set(pairs.flatMap((p) => [p.expected, p.actual]))].filter((t) => !vectors.has(t));
      if (missing.length) {
        const batch = e.embed(missing, signal);
        for (const [i, t] of missing.entries()) {
          const v = batch.then((all) => all[i]!);
          v.catch(() => undefined); // observed by whoever awaits it; not an unhandled rejection meanwhile
          vectors.set(t, v);
        }
        // A failed batch is not cached: the next run asks again.
        batch.catch(() => missing.forEach((t) => vectors.delete(t)));
      }
      return Promise.all(pairs.map(async (p) => cosine(await vectors.get(p.expected)!, await vectors.get(p.actual)!)));
    },
  };
}

const JUDGE_SYSTEM =
  'You decide whether two values given as tool-call arguments mean the same thing for the purpose of the call. ' +
  'Answer with exactly one word: YES if they are equivalent, NO otherwise. When unsure, answer NO.';

/** A judge model asked a strict yes/no equivalence question: similarity 1 for yes, 0 for anything else. */
export function judgeMatcher(provider: ModelProvider): SemanticMatcher {
  const answers = new Map<string, Promise<number>>();
  const ask = async (p: SemanticPair, signal?: AbortSignal) => {
    const content = `Expected value: ${JSON.stringify(p.expected)}\nActual value: ${JSON.stringify(p.actual)}\nAre they equivalent? Answer YES or NO.`;
    const r = await provider.complete({ system: JUDGE_SYSTEM, messages: [{ role: 'user', content }], tools: [], ...(signal ? { signal } : {}) });
    return /^\W*yes\b/i.test(r.text.trim()) ? 1 : 0;
  };
  return {
    id: `judge:${provider.id}`,
    via: 'judge',
    similarity(pairs, signal) {
      return Promise.all(
        pairs.map((p) => {
          const k = pairKey(p);
          let a = answers.get(k);
          if (!a) {
            a = ask(p, signal);
            answers.set(k, a);
            a.catch(() => answers.delete(k));
          }
          return a;
        }),
      );
    },
  };
}

/** Similarities for one run's semantic pairs, or undefined when the case has none. */
export async function scoreSemantic(m: SemanticMatcher, c: GoldenCase, calls: readonly TraceCall[], signal?: AbortSignal): Promise<SemanticScores | undefined> {
  const pairs = semanticPairs(c, calls);
  if (!pairs.length) return undefined;
  const sims = await m.similarity(pairs, signal);
  return { source: m.id, via: m.via, scores: new Map(pairs.map((p, i) => [pairKey(p), sims[i]!])) };
}

/** `embeddings:openai:MODEL` or `judge:vendor:MODEL` -> its parts; anything else is a clear error. */
export function parseSemanticSpec(spec: string): { via: 'embeddings' | 'judge'; model: string } {
  const i = spec.indexOf(':');
  const via = spec.slice(0, i);
  const model = spec.slice(i + 1);
  if (i <= 0 || (via !== 'embeddings' && via !== 'judge') || !model.includes(':'))
    throw new Error(
      `semantic matcher ${JSON.stringify(spec)}: write embeddings:openai:MODEL (e.g. embeddings:openai:text-embedding-3-small) or judge:provider:MODEL (e.g. judge:openai:gpt-4.1-mini)`,
    );
  return { via, model };
}
