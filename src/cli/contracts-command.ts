import { assay, assaySnapshot, exitCodeFor, loadReporter, type Report } from '../index.js';
import { catalogueFromFile, isFile } from './catalogue-source.js';
import { splitOperands } from './quick-args.js';
import { useColor, writeReports } from './output.js';
import { planTargets, type Plan, type TargetOptions } from './plan.js';

export interface ContractsCommandOptions extends TargetOptions {
  config?: string;
  timeout?: number;
  json?: string;
  junit?: string;
  md?: string;
  html?: string;
  sarif?: string;
  color?: boolean;
  verbose?: boolean;
}

/** `mcp-assay contracts <target | snapshot.json>`: exit 0 clean, 1 an error-level rule fired, 3 unreachable. */
export async function contractsCommand({ operands, o, cfg, given, argv }: Plan<ContractsCommandOptions>): Promise<number> {
  let report: Report;
  // A file named after `--` is the server's command (a Go or Rust binary shipped on npm), never a snapshot to read.
  if (operands.length === 1 && !splitOperands(operands, argv).command.length && isFile(operands[0]!)) {
    const file = operands[0]!;
    report = await assaySnapshot(file, catalogueFromFile(file), { contracts: cfg.contracts, examples: cfg.examples, allowTools: cfg.check.allowTools });
  } else {
    report = await assay(planTargets(operands, o, cfg, given), {
      checks: [],
      timeoutMs: cfg.check.timeout,
      deadlineMs: cfg.check.deadline,
      startupTimeoutMs: Math.max(30_000, cfg.check.timeout),
      strict: false,
      concurrency: 1,
      allowTools: cfg.check.allowTools,
      toolArgs: cfg.check.toolArgs,
      contracts: cfg.contracts,
      examples: cfg.examples,
    });
  }
  process.stdout.write((await loadReporter('console')).render(report, { color: useColor(process.stdout, o.color), verbose: o.verbose ?? false }));
  for (const f of await writeReports(report, { ...cfg.reports, ...(o.html ? { html: o.html } : {}), ...(o.sarif ? { sarif: o.sarif } : {}) }))
    process.stderr.write(`wrote ${f}\n`);
  return exitCodeFor(report);
}
