import { writeFile } from 'node:fs/promises';
import {
  appendHistory,
  DEFAULT_HISTORY,
  GateInputError,
  historyEntry,
  historyMoves,
  loadReport,
  readHistory,
  renderHistoryText,
  type HistoryEntry,
  type Report,
} from '../index.js';
import { currentCommit } from './git.js';
import { UsageError } from './usage-error.js';

export interface HistoryOptions {
  append?: string;
  json?: string;
}

const asUsage = (e: unknown): never => {
  throw e instanceof GateInputError ? new UsageError(e.message) : e;
};

/** Appends one run to the history (from `gate` and `check --history`). */
export async function recordHistory(report: Report, file: string): Promise<void> {
  await appendHistory(file, historyEntry(report, { commit: await currentCommit() }));
  process.stderr.write(`appended this run to ${file}\n`);
}

/** The history for the HTML trend, when there is one; a missing or unreadable history only loses the trend. */
export async function historyFor(file: string | undefined): Promise<HistoryEntry[] | undefined> {
  if (!file) return undefined;
  try {
    return await readHistory(file);
  } catch {
    return undefined;
  }
}

/** `mcp-assay history [source]`: pass rates over time, and what changed at every move. */
export async function historyCommand(source: string | undefined, o: HistoryOptions): Promise<number> {
  const file = source ?? DEFAULT_HISTORY;
  try {
    if (o.append) await recordHistory(await loadReport(o.append), file);
    const entries = await readHistory(file);
    const moves = historyMoves(entries);
    process.stdout.write(renderHistoryText(entries, moves));
    if (o.json) await writeFile(o.json, JSON.stringify({ entries: entries.length, moves }, null, 2) + '\n');
    return 0;
  } catch (e) {
    return asUsage(e);
  }
}
