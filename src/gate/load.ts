import { readFile } from 'node:fs/promises';
import { REPORT_SCHEMA_VERSION, type Report } from '../core/types.js';
import { EvalsShapeError, readEvals } from '../core/evals-adapter.js';
import { GateInputError } from './errors.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function readJsonFile(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new GateInputError(file, `cannot read the ${what}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!text.trim()) throw new GateInputError(file, `the ${what} is empty`);
  try {
    return JSON.parse(text);
  } catch (e) {
    // A cut-off upload or an interrupted write ends mid-value; say so rather than just "bad JSON".
    const hint = /end of (JSON )?input|Unterminated/i.test((e as Error).message) ? ' (the file ends early: truncated?)' : '';
    throw new GateInputError(file, `the ${what} is not valid JSON${hint}: ${(e as Error).message}`);
  }
}

const major = (v: string): number => Number(v.split('.')[0]);

/** Checks that a parsed value is a report this version can read; returns it typed. */
export function asReport(value: unknown, file: string): Report {
  if (!isObj(value)) throw new GateInputError(file, 'not an mcp-assay report (expected a JSON object)');
  const v = value.schemaVersion;
  if (typeof v !== 'string' || !/^\d+\.\d+$/.test(v)) throw new GateInputError(file, 'not an mcp-assay report (no schemaVersion)');
  if (major(v) > major(REPORT_SCHEMA_VERSION))
    throw new GateInputError(file, `written with report schema ${v}, newer than the ${REPORT_SCHEMA_VERSION} this mcp-assay reads; upgrade mcp-assay`);
  if (major(v) < major(REPORT_SCHEMA_VERSION))
    throw new GateInputError(file, `report schema ${v} is older than this mcp-assay reads (${REPORT_SCHEMA_VERSION}); re-run the report`);
  if (!Array.isArray(value.targets) || !isObj(value.tool) || typeof value.tool.version !== 'string')
    throw new GateInputError(file, 'the report is incomplete (no targets or tool version)');
  value.targets.forEach((t, i) => {
    if (!isObj(t) || !isObj(t.target) || !Array.isArray(t.results))
      throw new GateInputError(file, `the report is incomplete: targets[${i}] has no target or results`);
  });
  const report = value as unknown as Report;
  try {
    readEvals(report);
  } catch (e) {
    if (e instanceof EvalsShapeError) throw new GateInputError(file, `the evals part is malformed: ${e.message}`);
    throw e;
  }
  return report;
}

export async function loadReport(file: string): Promise<Report> {
  return asReport(await readJsonFile(file, 'report'), file);
}
