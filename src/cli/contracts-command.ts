import { analyseCatalogue, catalogueDigest, contractsSection } from '../contracts/index.js';
import { exitCodeFor } from '../core/summary.js';
import { REPORT_SCHEMA_VERSION, type Report, type TargetReport } from '../core/types.js';
import { summarize } from '../core/summary.js';
import { assay } from '../engine/run.js';
import { runExamples } from '../engine/examples.js';
import { REPORTERS, REPORT_SCHEMA_ID } from '../reporters/index.js';
import { VERSION } from '../version.js';
import { applyFlags } from '../config/index.js';
import { loadEffectiveConfig } from './check-command.js';
import { catalogueFromFile, isFile } from './catalogue-source.js';
import { useColor, writeReports } from './output.js';
import { planTargets, type TargetOptions } from './plan.js';

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

/** A report for a snapshot file: no server was contacted, only its recorded catalogue analysed. */
function offlineReport(file: string, target: TargetReport): Report {
  const now = new Date().toISOString();
  return {
    $schema: REPORT_SCHEMA_ID,
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcp-assay', version: VERSION },
    startedAt: now,
    finishedAt: now,
    durationMs: 0,
    options: { strict: false },
    targets: [target],
    summary: summarize([]),
  };
}

/** `mcp-assay contracts <target | snapshot.json>`: exit 0 clean, 1 an error-level rule fired, 3 unreachable. */
export async function contractsCommand(operands: string[], o: ContractsCommandOptions): Promise<number> {
  const cfg = applyFlags(await loadEffectiveConfig(o), {
    ...(o.timeout !== undefined ? { timeout: o.timeout } : {}),
    reports: { ...(o.json ? { json: o.json } : {}), ...(o.junit ? { junit: o.junit } : {}), ...(o.md ? { md: o.md } : {}) },
  });
  let report: Report;
  if (operands.length === 1 && isFile(operands[0]!)) {
    const file = operands[0]!;
    const catalogue = catalogueFromFile(file);
    const examples = await runExamples(catalogue, cfg.examples, cfg.check.allowTools);
    const analysis = analyseCatalogue(catalogue, cfg.contracts, { resultSizes: examples.sizes, extraFindings: examples.findings });
    report = offlineReport(file, {
      target: { kind: 'snapshot', display: file },
      ...(catalogue.server.name ? { server: { name: catalogue.server.name, ...(catalogue.server.version ? { version: catalogue.server.version } : {}) } } : {}),
      era: 'unknown',
      eraReason: 'a snapshot file: no server was contacted',
      outcome: 'completed',
      results: [],
      catalogue: catalogueDigest(catalogue, analysis),
      sections: [contractsSection(analysis)],
      summary: summarize([]),
      wire: [],
      wireDropped: 0,
      durationMs: 0,
    });
  } else {
    report = await assay(planTargets(operands, o, cfg), {
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
  process.stdout.write(REPORTERS.console.render(report, { color: useColor(process.stdout, o.color), verbose: o.verbose ?? false }));
  for (const f of await writeReports(report, { ...cfg.reports, ...(o.html ? { html: o.html } : {}), ...(o.sarif ? { sarif: o.sarif } : {}) })) process.stderr.write(`wrote ${f}\n`);
  return exitCodeFor(report);
}
