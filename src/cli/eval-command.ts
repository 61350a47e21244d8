import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  calibrate,
  EvalTargetError,
  GoldenCatalogueError,
  loadGolden,
  loadRubrics,
  ModelIdError,
  priceTable,
  ProviderError,
  resolveModels,
  resolveSemantic,
  runEval,
  starterGolden,
} from '../eval.js';
import { EXIT, loadReporter, parseShard, ShardSpecError, type ShardSpec } from '../index.js';
import { useColor } from './output.js';
import { finishRun, type RunOutputOptions } from './run-outputs.js';
import { planTargets, type Plan, type TargetOptions } from './plan.js';
import { UsageError } from './usage-error.js';

export interface EvalCommandOptions extends TargetOptions, RunOutputOptions {
  config?: string;
  golden: string;
  model: string[];
  runs: number;
  concurrency: number;
  allowTool: string[];
  system?: string;
  maxTurns?: number;
  record?: string;
  replay?: string;
  judge?: string;
  judgeGates?: boolean;
  semantic?: string;
  cache: boolean;
  timeout?: number;
  json?: string;
  junit?: string;
  md?: string;
  color?: boolean;
  verbose?: boolean;
  /** `i/n`: run only this deterministic slice of cases × models. */
  shard?: string;
}

export const DEFAULT_GOLDEN = 'golden/tasks.yaml';
export const DEFAULT_CACHE_DIR = '.mcp-assay/cache';

/** Problems a user fixes (bad id, missing key, golden set naming unknown tools) exit 2; an unreachable server exits 3. */
async function guarded(f: () => Promise<number>): Promise<number> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof GoldenCatalogueError) {
      process.stderr.write(`mcp-assay: the golden set names what the server does not have:\n${e.problems.map((p) => `  ${p}`).join('\n')}\n`);
      return EXIT.usage;
    }
    if (e instanceof ModelIdError || (e instanceof ProviderError && e.failure === 'missing-key')) {
      process.stderr.write(`mcp-assay: ${e.message}\n`);
      return EXIT.usage;
    }
    if (e instanceof EvalTargetError) {
      process.stderr.write(`mcp-assay: ${e.message}\n`);
      return EXIT.inconclusive;
    }
    throw e;
  }
}

function shardOf(text: string | undefined): ShardSpec | undefined {
  if (text === undefined) return undefined;
  try {
    return parseShard(text);
  } catch (e) {
    if (e instanceof ShardSpecError) throw new UsageError(e.message);
    throw e;
  }
}

/** `mcp-assay eval <target>`: the golden set through each model, N runs per case; exit 1 on a missed gate, 3 undecided. */
export function evalCommand({ operands, o, cfg, given }: Plan<EvalCommandOptions>): Promise<number> {
  return guarded(async () => {
    const ec = cfg.eval ?? {};
    const plan = planTargets(operands, o, cfg, given);
    if (plan.length !== 1) throw new UsageError(`eval takes one target (got ${plan.length})`);
    const golden = await loadGolden(o.golden);
    if (o.record && o.replay) throw new UsageError('--record and --replay exclude each other');
    const shard = shardOf(o.shard);
    const timeoutMs = cfg.check.timeout;
    let resolved;
    try {
      resolved = await resolveModels({
        ids: o.model,
        configured: ec.models ?? [],
        ...(o.replay ? { replayDir: o.replay } : {}),
        ...(o.record ? { recordDir: o.record } : {}),
        ...(ec.timeout ? { timeoutMs: ec.timeout } : {}),
      });
    } catch (e) {
      if (e instanceof ProviderError || e instanceof ModelIdError) throw e;
      throw new UsageError((e as Error).message);
    }
    const target = plan[0]!;
    const rubrics = await loadRubrics(golden);
    const judgeProvider = o.judge ? (await resolveModels({ ids: [o.judge], configured: ec.models ?? [] })).models[0]!.provider : undefined;
    const sem = await resolveSemantic({
      spec: o.semantic,
      configured: ec.models ?? [],
      ...(ec.timeout ? { timeoutMs: ec.timeout } : {}),
      ...(o.replay ? { replayDir: o.replay } : {}),
      ...(o.record ? { recordDir: o.record } : {}),
    }).catch((e: unknown) => {
      if (e instanceof ProviderError || e instanceof ModelIdError) throw e;
      throw new UsageError((e as Error).message);
    });
    if (o.judgeGates && !judgeProvider) throw new UsageError('--judge-gates needs --judge provider:model');
    const color = useColor(process.stdout, o.color);
    const replayNote = o.replay ? ` (replaying ${o.replay}: no model is asked)` : '';
    const shardNote = shard ? `, shard ${shard.index}/${shard.count} of the cases × models` : '';
    process.stderr.write(`eval: ${golden.cases.length} cases × ${o.runs} runs × ${resolved.models.length} model(s)${shardNote}${replayNote}\n`);
    const report = await runEval({
      target: target.spec,
      golden,
      models: resolved.models,
      runs: o.runs,
      concurrency: o.concurrency,
      ...(o.system ? { system: o.system } : {}),
      allowTools: [...o.allowTool, ...(target.overrides?.allowTools ?? [])],
      ...(o.cache ? { cacheDir: ec.cacheDir ?? path.resolve(DEFAULT_CACHE_DIR) } : {}),
      timeoutMs,
      startupTimeoutMs: Math.max(30_000, timeoutMs),
      runTimeoutMs: ec.runTimeout ?? 300_000,
      prices: priceTable(ec.prices ?? {}, ec.pricesDate),
      ...(sem.matcher ? { semantic: sem.matcher } : {}),
      ...(judgeProvider && rubrics.size ? { judge: { provider: judgeProvider, gate: o.judgeGates === true, rubrics } } : {}),
      ...(shard ? { shard } : {}),
      ...(o.verbose
        ? {
            onRun: (m: string, c: { id: string }, r: { run: number; status: string }) => process.stderr.write(`  ${m} ${c.id} run ${r.run + 1}: ${r.status}\n`),
          }
        : {}),
    });
    for (const rec of resolved.recorders) process.stderr.write(`recorded ${await rec.save(o.record!)}\n`);
    if (sem.recorder) process.stderr.write(`recorded ${await sem.recorder.save(o.record!)}\n`);
    process.stdout.write((await loadReporter('console')).render(report, { color, verbose: o.verbose ?? false }));
    return finishRun(report, { ...cfg.reports, ...(o.json ? { json: o.json } : {}), ...(o.junit ? { junit: o.junit } : {}), ...(o.md ? { md: o.md } : {}) }, o);
  });
}

export interface EvalInitOptions extends TargetOptions {
  config?: string;
  output?: string;
  model: string[];
  force?: boolean;
  timeout?: number;
}

/** `mcp-assay eval init <target>`: a starter golden set from the live catalogue. */
export function evalInitCommand({ operands, o, cfg, given }: Plan<EvalInitOptions>): Promise<number> {
  return guarded(async () => {
    const plan = planTargets(operands, o, cfg, given);
    if (plan.length !== 1) throw new UsageError(`eval init takes one target (got ${plan.length})`);
    const out = o.output ?? cfg.eval?.golden ?? DEFAULT_GOLDEN;
    if (existsSync(out) && !o.force) throw new UsageError(`${out} exists; pass --force to overwrite it, or -o another file`);
    if (o.model.length > 1) throw new UsageError('eval init drafts with one --model');
    const drafter = o.model.length ? (await resolveModels({ ids: o.model, configured: cfg.eval?.models ?? [] })).models[0]!.provider : undefined;
    const timeoutMs = cfg.check.timeout;
    const r = await starterGolden(plan[0]!.spec, { timeoutMs, startupTimeoutMs: Math.max(30_000, timeoutMs), ...(drafter ? { drafter } : {}) });
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await writeFile(out, r.yaml);
    process.stderr.write(
      `wrote ${out}: ${r.tools} positive case(s), 4 negative cases${drafter ? `; ${r.drafted} prompt(s) drafted by ${drafter.id}` : '; fill in the TODO prompts'}\n`,
    );
    return EXIT.ok;
  });
}

export interface CalibrateOptions {
  judge: string;
  labels: string;
  config?: string;
  json?: string;
}

/** `mcp-assay eval calibrate`: judge accuracy and Cohen's kappa against human labels; exit 1 when it may not gate. */
export function calibrateCommand({ o, cfg }: Plan<CalibrateOptions>): Promise<number> {
  return guarded(async () => {
    const p = (await resolveModels({ ids: [o.judge], configured: cfg.eval?.models ?? [] })).models[0]!.provider;
    const c = await calibrate(o.labels, p);
    for (const x of c.items)
      process.stdout.write(
        `  ${x.error ? '?' : x.judged === x.label ? '✔' : '✖'} ${x.id}: label ${x.label}, judge ${x.judged ?? `error (${x.error})`}${x.score !== undefined ? ` (${x.score})` : ''}\n`,
      );
    process.stdout.write(
      `judge ${c.judge} (${c.promptVersion}): accuracy ${c.accuracy ?? 'n/a'}, Cohen's kappa ${c.kappa ?? 'n/a'} on ${c.n} items; ${c.why}\n`,
    );
    if (o.json) await writeFile(o.json, `${JSON.stringify(c, null, 2)}\n`);
    return c.mayGate ? EXIT.ok : EXIT.failed;
  });
}
