import { createHash } from 'node:crypto';
import { EVALS_SCHEMA_VERSION, type EvalsReport, type ModelEvalReport, type RunRecord } from '../core/evals-report.js';
import type { ModelProvider } from '../core/provider.js';
import type { TargetSpec } from '../core/target-spec.js';
import type { Report } from '../core/types.js';
import { matchesAny } from '../checks/support/globs.js';
import { canonicalJson } from '../core/canonical.js';
import { RunCache } from '../evals/cache.js';
import type { GoldenCase, GoldenSet } from '../evals/golden-types.js';
import { validateAgainstCatalogue } from '../evals/golden-validate.js';
import { DEFAULT_SYSTEM_PROMPT } from '../evals/loop.js';
import type { PriceTable } from '../evals/prices.js';
import { evalModel, type JudgeSetup } from '../evals/runner.js';
import { JUDGE_PROMPT_VERSION } from '../evals/judge.js';
import type { SemanticMatcher } from '../evals/semantic.js';
import { selectShardPairs, type ShardSpec } from '../core/shard.js';
import { VERSION } from '../version.js';
import { openEvalServer } from './eval-server.js';
import { reportEnvelope } from './run.js';

export interface EvalModel {
  provider: ModelProvider;
  source: 'live' | 'replay';
}

export interface EvalPlan {
  target: TargetSpec;
  golden: GoldenSet;
  models: EvalModel[];
  runs: number;
  concurrency: number;
  /** System prompt; the golden set's `system`, else the documented default. */
  system?: string;
  allowTools: string[];
  /** `.mcp-assay/cache` folder, or undefined for --no-cache. */
  cacheDir?: string;
  timeoutMs: number;
  startupTimeoutMs: number;
  runTimeoutMs: number;
  prices: PriceTable;
  /** Judge for cases with a rubric; rubrics are loaded before (evals/rubrics.ts). */
  judge?: JudgeSetup;
  /** Embeddings endpoint or judge for `semantic` argument matchers (engine/eval-semantic.ts). */
  semantic?: SemanticMatcher;
  onRun?: (model: string, c: GoldenCase, r: RunRecord) => void;
  /** Run only this slice of cases × models (`--shard i/n`); `mcp-assay merge` joins the shards' reports. */
  shard?: ShardSpec;
}

const sha = (s: string) => `sha256:${createHash('sha256').update(s).digest('hex')}`;

/** The same for every shard of one run, different for another golden set, model list, parameters or N. */
export function shardRunId(plan: Pick<EvalPlan, 'golden' | 'models' | 'runs'>): string {
  const models = plan.models.map((m) => ({ id: m.provider.id, params: m.provider.params }));
  return sha(canonicalJson({ golden: plan.golden.hash, models, runs: plan.runs })).slice('sha256:'.length, 'sha256:'.length + 16);
}

/** The golden set each model runs: all of it, or the cases of its (case, model) pairs in this shard, in golden order. */
function casesFor(plan: EvalPlan): (model: string) => GoldenSet {
  if (!plan.shard) return () => plan.golden;
  const pairs = selectShardPairs(
    plan.golden.cases.map((c) => c.id),
    plan.models.map((m) => m.provider.id),
    plan.shard,
  );
  return (model) => {
    const mine = new Set(pairs.filter((p) => p.model === model).map((p) => p.caseId));
    return { ...plan.golden, cases: plan.golden.cases.filter((c) => mine.has(c.id)) };
  };
}

/** Connects once, checks the golden set against the live catalogue, then evaluates every model: one Report. */
export async function runEval(plan: EvalPlan): Promise<Report> {
  const started = new Date();
  const server = await openEvalServer(plan.target, { timeoutMs: plan.timeoutMs, startupTimeoutMs: plan.startupTimeoutMs });
  const models: ModelEvalReport[] = [];
  const problems: string[] = [];
  const system = plan.system ?? plan.golden.system ?? DEFAULT_SYSTEM_PROMPT;
  const toolsHash = sha(canonicalJson(server.tools));
  try {
    validateAgainstCatalogue(plan.golden, server.tools);
    // Write safety as in `check`: only tools the server marks read-only, or the user allowed, are executed.
    const simulate = new Set(
      server.tools.filter((t) => server.annotations.get(t.name)?.readOnlyHint !== true && !matchesAny(t.name, plan.allowTools)).map((t) => t.name),
    );
    const cache = plan.cacheDir ? new RunCache(plan.cacheDir) : undefined;
    const goldenFor = casesFor(plan);
    for (const m of plan.models) {
      const report = await evalModel(m.provider, {
        golden: goldenFor(m.provider.id),
        tools: server.tools,
        simulate,
        executor: server.executor,
        runs: plan.runs,
        concurrency: plan.concurrency,
        system,
        systemHash: sha(system),
        toolsHash,
        serverBuild: `${server.server?.name ?? '?'}@${server.server?.version ?? '?'}`,
        harnessVersion: VERSION.split('.')[0] ?? VERSION,
        prices: plan.prices,
        ...(cache ? { cache } : {}),
        ...(plan.judge ? { judge: plan.judge } : {}),
        ...(plan.semantic ? { semantic: plan.semantic } : {}),
        source: m.source,
        runTimeoutMs: plan.runTimeoutMs,
        ...(plan.onRun ? { onRun: (c: GoldenCase, r: RunRecord) => plan.onRun!(m.provider.id, c, r) } : {}),
      });
      if (report.aborted) problems.push(`${m.provider.id}: ${report.aborted}`);
      const drift = (m.provider as { drift?: string[] }).drift ?? [];
      if (drift.length)
        problems.push(
          `${m.provider.id}: ${drift.length} replayed answer(s) were recorded for a different conversation (a tool result or description changed since recording): ${drift.slice(0, 5).join(', ')}${drift.length > 5 ? ', …' : ''}`,
        );
      models.push(report);
    }
  } finally {
    await server.close();
  }
  const deadRuns = models.flatMap((m) => m.cases.flatMap((c) => c.trace)).filter((r) => r.error?.startsWith('the server could not answer')).length;
  if (deadRuns) problems.push(`${deadRuns} run(s) could not reach the server (it died or stopped answering); those runs are errors, not failures`);
  const finished = new Date();
  const evals: EvalsReport = {
    schemaVersion: EVALS_SCHEMA_VERSION,
    golden: { file: plan.golden.file, hash: plan.golden.hash, cases: plan.golden.cases.length },
    target: server.display,
    catalogueHash: toolsHash,
    runsPerCase: plan.runs,
    systemPromptHash: sha(system),
    prices: plan.prices,
    models,
    ...(plan.judge
      ? {
          judge: {
            model: plan.judge.provider.id,
            promptVersion: JUDGE_PROMPT_VERSION,
            gating: plan.judge.gate,
            rubrics: [...plan.judge.rubrics].map(([id, r]) => ({ case: id, file: r.file, hash: r.hash })),
          },
        }
      : {}),
    problems,
    durationMs: finished.getTime() - started.getTime(),
    ...(plan.shard ? { shard: { ...plan.shard, runId: shardRunId(plan) } } : {}),
  };
  return reportEnvelope(started, finished, { strict: false }, [], evals);
}
