/**
 * The public API for model evals (`mcp-assay/eval`): golden sets run through models with a server's tools, judges,
 * calibration and prices. Apart from `mcp-assay` so that checking a server never loads the eval engine; a provider's
 * SDK loads at its first request.
 */
export type * from './core/provider.js';
export { ProviderError } from './core/provider.js';
export { runEval, shardRunId, type EvalModel, type EvalPlan } from './engine/run-eval.js';
export { resolveModels, type ModelChoice } from './engine/eval-models.js';
export { resolveSemantic, createSemanticMatcher, type SemanticChoice } from './engine/eval-semantic.js';
export { starterGolden } from './engine/eval-init.js';
export { EvalTargetError } from './engine/eval-server.js';
export { loadGolden, parseGolden, GoldenError } from './evals/golden-load.js';
export { GoldenCatalogueError } from './evals/golden-validate.js';
export type { GoldenSet } from './evals/golden-types.js';
export { priceTable, PRICE_TABLE_DATE, type PriceTable } from './evals/prices.js';
export { loadRubrics, type Rubric } from './evals/rubrics.js';
export { calibrate, MIN_KAPPA, MIN_ITEMS, type Calibration } from './evals/calibrate.js';
export {
  PROVIDERS,
  ModelIdError,
  parseModelId,
  createProvider,
  createOpenAIProvider,
  createAnthropicProvider,
  createOpenAIEmbedder,
  createReplayProvider,
  recording,
  type RecordingProvider,
  type LiveProviderOptions,
} from './providers/index.js';
