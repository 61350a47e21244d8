import { assay, CHECKS, loadReporter, MODERN_VERSION, selectChecks } from '../index.js';
import { preloadReporters, useColor } from './output.js';
import { planTargets, type Plan, type TargetOptions } from './plan.js';
import { UsageError } from './usage-error.js';
import { listCatalogue } from './list.js';
import { finishRun, type RunOutputOptions } from './run-outputs.js';

export interface CheckCommandOptions extends TargetOptions, RunOutputOptions {
  config?: string;
  contracts: boolean;
  timeout?: number;
  deadline?: number;
  json?: string;
  junit?: string;
  md?: string;
  list?: boolean;
  only: string[];
  skip: string[];
  strict?: boolean;
  require: string[];
  failOnContracts?: boolean;
  allowTool: string[];
  toolArgs?: Record<string, Record<string, unknown>>;
  concurrency: number;
  color?: boolean;
  verbose?: boolean;
  authOtherAudienceToken?: string;
  authExpiredToken?: string;
}

/** The contract analysis runs unless turned off, left out by --skip contracts, or not named when --only narrows the run. */
export function contractsWanted(flag: boolean, only: readonly string[], skip: readonly string[]): boolean {
  if (!flag || skip.some((p) => 'contracts'.startsWith(p))) return false;
  return !only.length || only.some((p) => 'contracts'.startsWith(p));
}

/** `mcp-assay check`: returns the exit code. */
export async function checkCommand({ operands, o, cfg, given }: Plan<CheckCommandOptions>): Promise<number> {
  const checks = selectChecks(CHECKS, cfg.check.only, cfg.check.skip);
  const withContracts = contractsWanted(o.contracts, cfg.check.only, cfg.check.skip);
  if (o.list) {
    process.stdout.write(listCatalogue(checks));
    return 0;
  }
  if (!checks.length && !withContracts)
    throw new UsageError(`--only/--skip left no check to run (only: ${cfg.check.only.join(', ') || '-'}; skip: ${cfg.check.skip.join(', ') || '-'})`);
  const plan = planTargets(operands, o, cfg, given);
  const unknownRevision = cfg.check.require.find((r) => r !== MODERN_VERSION);
  if (unknownRevision) throw new UsageError(`--require ${unknownRevision}: the only revision that can be required is ${MODERN_VERSION}`);

  preloadReporters({ ...cfg.reports, ...(o.html ? { html: o.html } : {}), ...(o.sarif ? { sarif: o.sarif } : {}) });
  const report = await assay(plan, {
    checks,
    timeoutMs: cfg.check.timeout,
    deadlineMs: cfg.check.deadline,
    startupTimeoutMs: Math.max(30_000, cfg.check.timeout),
    strict: cfg.check.strict,
    requireModern: cfg.check.require.includes(MODERN_VERSION),
    concurrency: o.concurrency,
    allowTools: cfg.check.allowTools,
    toolArgs: cfg.check.toolArgs,
    only: cfg.check.only,
    skip: cfg.check.skip,
    contracts: withContracts ? cfg.contracts : false,
    examples: cfg.examples,
    ...(o.authOtherAudienceToken || o.authExpiredToken
      ? {
          auth: {
            ...(o.authOtherAudienceToken ? { otherAudienceToken: o.authOtherAudienceToken } : {}),
            ...(o.authExpiredToken ? { expiredToken: o.authExpiredToken } : {}),
          },
        }
      : {}),
  });
  const color = useColor(process.stdout, o.color);
  process.stdout.write((await loadReporter('console')).render(report, { color, verbose: o.verbose ?? false }));
  return finishRun(report, cfg.reports, { ...o, failOnContracts: cfg.check.failOnContracts });
}
