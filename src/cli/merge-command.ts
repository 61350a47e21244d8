import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exitCodeFor, GateInputError, loadReport, loadReporter, mergeReports, type MergeInput } from '../index.js';
import { writeReports } from './output.js';
import { UsageError } from './usage-error.js';

export interface MergeOptions {
  output: string;
  html?: string;
  sarif?: string;
  md?: string;
}

/** `mcp-assay merge reports/*.json -o report.json`: the shards of one run as one report; exit code as for check. */
export async function mergeCommand(files: string[], o: MergeOptions): Promise<number> {
  let report;
  try {
    const inputs: MergeInput[] = [];
    for (const file of files) inputs.push({ file, report: await loadReport(file) });
    report = mergeReports(inputs);
  } catch (e) {
    if (e instanceof GateInputError) throw new UsageError(e.message);
    throw e;
  }
  await mkdir(path.dirname(path.resolve(o.output)), { recursive: true });
  await writeFile(o.output, (await loadReporter('json')).render(report));
  process.stderr.write(`merged ${files.length} report(s) into ${o.output}\n`);
  for (const f of await writeReports(report, { ...(o.html ? { html: o.html } : {}), ...(o.sarif ? { sarif: o.sarif } : {}), ...(o.md ? { md: o.md } : {}) }))
    process.stderr.write(`wrote ${f}\n`);
  return exitCodeFor(report);
}
