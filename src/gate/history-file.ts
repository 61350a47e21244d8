import { appendFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HISTORY_FORMAT, type HistoryEntry } from '../core/history-types.js';
import { GateInputError } from './errors.js';
import { historyEntry } from './history-entry.js';
import { asReport } from './load.js';

export const DEFAULT_HISTORY = '.mcp-assay/history.jsonl';

export async function appendHistory(file: string, entry: HistoryEntry): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await appendFile(file, JSON.stringify(entry) + '\n');
}

function parseLines(text: string, file: string): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let v: Partial<HistoryEntry>;
    try {
      v = JSON.parse(line) as Partial<HistoryEntry>;
    } catch (e) {
      throw new GateInputError(`${file}:${i + 1}`, `not a JSON line: ${(e as Error).message}`);
    }
    if (v?.format !== HISTORY_FORMAT || typeof v.time !== 'string' || !v.scores || !v.cases || !Array.isArray(v.models))
      throw new GateInputError(`${file}:${i + 1}`, `not an mcp-assay history line (format "${HISTORY_FORMAT}" with time, models, cases and scores)`);
    out.push(v as HistoryEntry);
  });
  return out;
}

/** A JSONL history, or a directory of JSON reports (each becomes one entry), oldest first. */
export async function readHistory(source: string): Promise<HistoryEntry[]> {
  let isDir: boolean;
  try {
    isDir = (await stat(source)).isDirectory();
  } catch {
    throw new GateInputError(source, 'no history there (run `mcp-assay gate` or `check --history` to start one)');
  }
  if (!isDir) return parseLines(await readFile(source, 'utf8'), source);
  const files = (await readdir(source)).filter((f) => f.endsWith('.json')).sort();
  const entries: HistoryEntry[] = [];
  for (const f of files) {
    const p = path.join(source, f);
    let v: unknown;
    try {
      v = JSON.parse(await readFile(p, 'utf8'));
    } catch (e) {
      throw new GateInputError(p, `not valid JSON: ${(e as Error).message}`);
    }
    entries.push(historyEntry(asReport(v, p)));
  }
  return entries.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}
