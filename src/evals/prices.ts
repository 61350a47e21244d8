import type { PriceEntry } from '../core/evals-report.js';
import type { Usage } from '../core/provider.js';

/**
 * List prices in USD per million tokens, as published by the vendors on the date below. Estimates only: override
 * them with `eval.prices` in the config (your contract, a newer list, a local model at 0).
 */
export const PRICE_TABLE_DATE = '2026-11-01';
export const DEFAULT_PRICES: Record<string, PriceEntry> = {
  'openai:gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8, cachedInputPerMTok: 0.5 },
  'openai:gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6, cachedInputPerMTok: 0.1 },
  'openai:gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4, cachedInputPerMTok: 0.025 },
  'openai:gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10, cachedInputPerMTok: 1.25 },
  'openai:gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6, cachedInputPerMTok: 0.075 },
  'anthropic:claude-sonnet-4-5': { inputPerMTok: 3, outputPerMTok: 15, cachedInputPerMTok: 0.3 },
  'anthropic:claude-haiku-4-5': { inputPerMTok: 1, outputPerMTok: 5, cachedInputPerMTok: 0.1 },
  'anthropic:claude-opus-4-1': { inputPerMTok: 15, outputPerMTok: 75, cachedInputPerMTok: 1.5 },
};

export interface PriceTable {
  date: string;
  source: string;
  models: Record<string, PriceEntry>;
}

export function priceTable(overrides: Record<string, PriceEntry> = {}, date?: string): PriceTable {
  const custom = Object.keys(overrides).length > 0;
  return {
    date: date ?? PRICE_TABLE_DATE,
    source: custom
      ? `built-in list of ${PRICE_TABLE_DATE} with config overrides for ${Object.keys(overrides).sort().join(', ')}`
      : `built-in list of ${PRICE_TABLE_DATE}`,
    models: { ...DEFAULT_PRICES, ...overrides },
  };
}

/** Cost of one model turn in USD, or undefined when the model has no price (unknown cost is not zero). */
export function costOf(model: string, u: Usage, t: PriceTable): number | undefined {
  const p = t.models[model];
  if (!p) return undefined;
  const cached = u.cachedInputTokens ?? 0;
  const fresh = u.inputTokens - cached;
  const usd = (fresh * p.inputPerMTok + cached * (p.cachedInputPerMTok ?? p.inputPerMTok) + u.outputTokens * p.outputPerMTok) / 1e6;
  return Math.round(usd * 1e8) / 1e8;
}
