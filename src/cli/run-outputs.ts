import { DEFAULT_HISTORY, exitCodeFor, type Report } from '../index.js';
import { gateReport, type GateFlags } from './gate-command.js';
import { historyFor, recordHistory } from './history-command.js';
import { writeReports, type ReportFiles } from './output.js';

/** What `check` and `eval` do once their report is made: history, report files, then the gate when a baseline is given. */
export interface RunOutputOptions extends Partial<GateFlags> {
  history?: string | true;
  html?: string;
  sarif?: string;
  /** Wire evidence in the Markdown report too. */
  verbose?: boolean;
  /** An error-level contract finding fails the run (`check --fail-on-contracts`); otherwise the exit code is about the protocol. */
  failOnContracts?: boolean;
}

/** Appends to the history, writes the requested files (HTML with the trend), and returns the run's or the gate's exit code. */
export async function finishRun(report: Report, files: ReportFiles, o: RunOutputOptions): Promise<number> {
  const historyFile = o.history === true ? DEFAULT_HISTORY : o.history;
  if (historyFile) await recordHistory(report, historyFile);
  const written = await writeReports(
    report,
    { ...files, ...(o.html ? { html: o.html } : {}), ...(o.sarif ? { sarif: o.sarif } : {}) },
    { verbose: o.verbose ?? false, history: await historyFor(historyFile) },
  );
  for (const f of written) process.stderr.write(`wrote ${f}\n`);
  if (o.baseline) return gateReport(report, files.json ?? 'this run', { ...o, baseline: o.baseline });
  return exitCodeFor(report, { contracts: o.failOnContracts ?? false });
}
