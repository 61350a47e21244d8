/**
 * Sharding a behaviour run across CI jobs: every (case, model) pair belongs to exactly one of n shards, decided by a
 * hash of the pair alone. So the split is deterministic, close to even for more than a handful of pairs, and stable:
 * adding or removing a case never moves any other pair to another shard.
 */
import { createHash } from 'node:crypto';

/** Shard `index` of `count`, 1-based as written on the command line (`--shard 2/4`). */
export interface ShardSpec {
  index: number;
  count: number;
}

export class ShardSpecError extends Error {
  override name = 'ShardSpecError';
}

export function parseShard(text: string): ShardSpec {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new ShardSpecError(`--shard wants i/n with 1 <= i <= n, e.g. 2/4; got "${text}"`);
  return { index, count };
}

/** The 1-based shard a (case, model) pair belongs to among `count`. */
export function shardOfPair(caseId: string, modelId: string, count: number): number {
  const digest = createHash('sha256').update(`${caseId}\u0000${modelId}`).digest();
  // 48 bits keep the modulo bias far below anything measurable for realistic shard counts.
  return (digest.readUIntBE(0, 6) % count) + 1;
}

/** The pairs of cases × models this shard runs: the function `eval --shard i/n` filters its plan with. */
export function selectShardPairs(caseIds: readonly string[], modelIds: readonly string[], shard: ShardSpec): { caseId: string; model: string }[] {
  const out: { caseId: string; model: string }[] = [];
  for (const caseId of caseIds) for (const model of modelIds) if (shardOfPair(caseId, model, shard.count) === shard.index) out.push({ caseId, model });
  return out;
}
