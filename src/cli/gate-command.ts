import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  baselineFromReport,
  CONTRACT_RULES,
  GateInputError,
  loadBaseline,
  loadReport,
  renderGateMarkdown,
  renderGateText,
  runGate,
  serializeBaseline,
  type GateOptions,
  type GateResult,
  type Report,
} from '../index.js';
import { UsageError } from './usage-error.js';
import { historyFor, recordHistory } from './history-command.js';
import { writeReports } from './output.js';

export interface GateFlags {
  baseline: string;
  updateBaseline?: boolean;
  maxDrop?: number;
  minRuns?: number;
  criticalTag?: string;
  latencyBudgetMs?: number;
  /** Markdown for a pull-request comment. */
  gateMd?: string;
  /** The gate result as JSON. */
  gateJson?: string;
  stepSummary?: boolean;
}

export interface GateCommandOptions extends GateFlags {
  report: string;
  /** History file to append to, or false. */
  history: string | false;
  html?: string;
  sarif?: string;
}

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await writeFile(file, text);
}

function options(f: GateFlags): Partial<GateOptions> {
  return {
    ...(f.maxDrop !== undefined ? { maxDrop: f.maxDrop } : {}),
    ...(f.minRuns !== undefined ? { minRuns: f.minRuns } : {}),
    ...(f.criticalTag !== undefined ? { criticalTag: f.criticalTag } : {}),
    ...(f.latencyBudgetMs !== undefined ? { latencyBudgetMs: f.latencyBudgetMs } : {}),
  };
}

/** Gate a finished report (from `gate --report` or from `check --baseline`); returns the exit code. */
export async function gateReport(report: Report, reportFile: string, f: GateFlags): Promise<number> {
  const contractRules = CONTRACT_RULES.map((r) => r.id);
  try {
    if (!existsSync(f.baseline)) {
      if (!f.updateBaseline) throw new UsageError(`${f.baseline}: no baseline there yet; run once with --update-baseline to record this run as the first one`);
      await write(f.baseline, serializeBaseline(baselineFromReport(report, { contractRules })));
      process.stderr.write(`no baseline at ${f.baseline}: wrote the first one from ${reportFile}; review the reasons of its accepted failures\n`);
      return 0;
    }
    const baseline = await loadBaseline(f.baseline);
    const result = runGate(report, baseline, { report: reportFile, baseline: f.baseline }, options(f));
    await emit(result, f);
    if (f.updateBaseline) {
      if (result.passed) {
        await write(f.baseline, serializeBaseline(baselineFromReport(report, { contractRules, previous: baseline })));
        process.stderr.write(`gate passed: updated the baseline ${f.baseline}\n`);
      } else process.stderr.write(`gate did not pass: the baseline ${f.baseline} is left as it was\n`);
    }
    return result.exitCode;
  } catch (e) {
    if (e instanceof GateInputError) throw new UsageError(e.message);
    throw e;
  }
}

async function emit(result: GateResult, f: GateFlags): Promise<void> {
  process.stdout.write(renderGateText(result));
  if (f.gateMd) await write(f.gateMd, renderGateMarkdown(result, { form: 'comment' }));
  if (f.gateJson) await write(f.gateJson, JSON.stringify(result, null, 2) + '\n');
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (summary && f.stepSummary !== false) await appendFile(summary, renderGateMarkdown(result, { form: 'step-summary' }) + '\n');
}

/** `mcp-assay gate --report new.json --baseline green.json`. */
export async function gateCommand(o: GateCommandOptions): Promise<number> {
  let report: Report;
  try {
    report = await loadReport(o.report);
  } catch (e) {
    if (e instanceof GateInputError) throw new UsageError(e.message);
    throw e;
  }
  const code = await gateReport(report, o.report, o);
  if (o.history) await recordHistory(report, o.history);
  const written = await writeReports(
    report,
    { ...(o.html ? { html: o.html } : {}), ...(o.sarif ? { sarif: o.sarif } : {}) },
    { history: await historyFor(o.history || undefined) },
  );
  for (const f of written) process.stderr.write(`wrote ${f}\n`);
  return code;
}
