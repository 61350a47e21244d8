import type { ModelEvalReport, RunRecord } from '../core/evals-report.js';
import { ProviderError, type ModelProvider, type ToolSpec } from '../core/provider.js';
import { addCost, addUsage, caseReport, modelMetrics, runPassed } from './aggregate.js';
import { modelSummary } from '../core/evals-metrics.js';
import { RunCache, runKey, type RunKeyParts } from './cache.js';
import type { GoldenCase, GoldenSet } from './golden-types.js';
import { DEFAULT_MAX_TURNS, runLoop, type ToolExecutor } from './loop.js';
import { costOf, type PriceTable } from './prices.js';
import { scoreRun } from './score-run.js';
import { DEFAULT_JUDGE_THRESHOLD, judge } from './judge.js';
import type { Rubric } from './rubrics.js';
import { scoreSemantic, type SemanticMatcher } from './semantic.js';
import type { AssertionResult } from '../core/evals-report.js';

/** Task completion by a judge model (METRICS §5): gating only when the user says the judge is calibrated. */
export interface JudgeSetup {
  provider: ModelProvider;
  gate: boolean;
  rubrics: ReadonlyMap<string, Rubric>;
}

export interface RunnerOptions {
  golden: GoldenSet;
  tools: readonly ToolSpec[];
  simulate: ReadonlySet<string>;
  executor: ToolExecutor;
  runs: number;
  concurrency: number;
  system: string;
  systemHash: string;
  toolsHash: string;
  serverBuild: string;
  harnessVersion: string;
  prices: PriceTable;
  cache?: RunCache;
  source: 'live' | 'replay';
  /** Longest a single run may take, ms (a hanging provider or server ends as an `error` run). */
  runTimeoutMs: number;
  judge?: JudgeSetup;
  /** Embeddings endpoint or judge for `semantic` argument matchers; absent, they fall back to lexical overlap. */
  semantic?: SemanticMatcher;
  /** Called after each run (progress). */
  onRun?: (c: GoldenCase, r: RunRecord) => void;
}

/** Every case N times against one model, `concurrency` runs at once; one ModelEvalReport, whatever fails. */
export async function evalModel(provider: ModelProvider, o: RunnerOptions): Promise<ModelEvalReport> {
  const cases = o.golden.cases;
  const records: RunRecord[][] = cases.map(() => []);
  const jobs = cases.flatMap((c, i) => Array.from({ length: o.runs }, (_, run) => ({ c, i, run })));
  let aborted: string | undefined;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { c, i, run } = jobs[next++]!;
      const r = aborted ? errorRun(run, `not run: ${aborted}`) : await oneRun(provider, c, run, o, (why) => (aborted ??= why));
      records[i]![run] = r;
      o.onRun?.(c, r);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency, jobs.length)) }, worker));
  const reports = cases.map((c, i) => caseReport(c, records[i]!));
  const cost = addCost(reports.map((r) => r.costUsd));
  return {
    model: provider.id,
    params: provider.params,
    source: o.source,
    metrics: modelMetrics(cases, reports, o.tools),
    cases: reports,
    summary: modelSummary(reports),
    usage: addUsage(reports.map((r) => r.usage)),
    ...(cost !== undefined ? { costUsd: cost } : {}),
    ...(aborted ? { aborted } : {}),
  };
}

function errorRun(run: number, error: string): RunRecord {
  return { run, status: 'error', error, assertions: [], calls: [], turns: [], finalText: '', usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: 0 };
}

async function oneRun(provider: ModelProvider, c: GoldenCase, run: number, o: RunnerOptions, abort: (why: string) => void): Promise<RunRecord> {
  const maxTurns = c.maxTurns ?? o.golden.maxTurns ?? DEFAULT_MAX_TURNS;
  const parts: RunKeyParts = {
    caseHash: c.hash,
    goldenHash: o.golden.hash,
    toolsHash: o.toolsHash,
    serverBuild: o.serverBuild,
    model: provider.id,
    params: provider.params,
    systemHash: o.systemHash,
    harnessVersion: o.harnessVersion,
    harness: {
      simulate: [...o.simulate].sort(),
      maxTurns,
      ...(o.semantic ? { semantic: o.semantic.id } : {}),
      ...(c.judge && o.judge ? { judge: o.judge.provider.id, judgeGate: o.judge.gate, rubric: o.judge.rubrics.get(c.id)?.hash } : {}),
    },
    run,
  };
  const key = o.cache ? runKey(parts) : '';
  const cached = o.cache ? await o.cache.get(key) : undefined;
  if (cached) return { ...cached, fromCache: true };
  const t0 = performance.now();
  const timeout = AbortSignal.timeout(o.runTimeoutMs);
  let r: RunRecord;
  try {
    const loop = await runLoop(c, run, { provider, system: o.system, tools: o.tools, simulate: o.simulate, executor: o.executor, maxTurns, signal: timeout });
    for (const t of loop.turns) {
      const cost = costOf(provider.id, t.usage, o.prices);
      if (cost !== undefined) t.costUsd = cost;
    }
    // Scorers are pure: embedding or judge calls for semantic arguments happen here, before scoring.
    const semantic = o.semantic ? await scoreSemantic(o.semantic, c, loop.calls, timeout) : undefined;
    const assertions = scoreRun(c, { calls: loop.calls, finalText: loop.finalText, tools: o.tools, ...(semantic ? { semantic } : {}) });
    const judged = await judgeStep(c, assertions, loop, o, timeout);
    if (judged) assertions.push(judged);
    const cost = addCost(loop.turns.map((t) => t.costUsd));
    r = {
      run,
      status: loop.serverFailure ? 'error' : runPassed(assertions) ? 'pass' : 'fail',
      ...(loop.serverFailure ? { error: `the server could not answer: ${loop.serverFailure}` } : {}),
      assertions,
      calls: loop.calls,
      turns: loop.turns,
      finalText: loop.finalText,
      ...(loop.truncated ? { truncated: true } : {}),
      usage: loop.usage,
      ...(cost !== undefined ? { costUsd: cost } : {}),
      latencyMs: Math.round(performance.now() - t0),
    };
  } catch (e) {
    if (e instanceof ProviderError && e.fatal) abort(e.message);
    const why = timeout.aborted
      ? `the run took longer than ${o.runTimeoutMs} ms`
      : e instanceof ProviderError
        ? `${e.failure}: ${e.message}`
        : `harness error: ${(e as Error).message}`;
    r = { ...errorRun(run, why), latencyMs: Math.round(performance.now() - t0) };
  }
  if (o.cache) await o.cache.put(key, r).catch(() => undefined);
  return r;
}

/** The judge runs only when every deterministic assertion passed: it can fail a run, never rescue one. */
async function judgeStep(
  c: GoldenCase,
  deterministic: AssertionResult[],
  loop: { calls: RunRecord['calls']; finalText: string },
  o: RunnerOptions,
  signal: AbortSignal,
): Promise<AssertionResult | undefined> {
  const rubric = o.judge?.rubrics.get(c.id);
  if (!o.judge || !c.judge || !rubric) return undefined;
  const advisory = !o.judge.gate;
  if (!deterministic.every((a) => a.pass))
    return {
      scorer: 'judge',
      pass: false,
      value: 0,
      reason: 'not judged: a deterministic assertion failed, and the judge never overrides one',
      advisory: true,
    };
  const task = c.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
  const v = await judge(o.judge.provider, { task, rubric: rubric.text, finalText: loop.finalText, calls: loop.calls }, signal);
  const tau = c.judge.threshold ?? DEFAULT_JUDGE_THRESHOLD;
  return {
    scorer: 'judge',
    pass: v.score >= tau,
    value: v.score,
    reason: `${o.judge.provider.id} scored ${v.score} (needs ${tau}): ${v.reason}`,
    ...(advisory ? { advisory } : {}),
  };
}
