import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Report } from '../core/types.js';
import { REPORTERS, type RenderOptions } from '../reporters/index.js';

export interface ReportFiles {
  json?: string;
  junit?: string;
  md?: string;
  html?: string;
  sarif?: string;
}

/** Writes each requested rendering; returns the paths written. */
export async function writeReports(report: Report, files: ReportFiles, opts: RenderOptions = {}): Promise<string[]> {
  const written: string[] = [];
  const jobs: [string | undefined, keyof typeof REPORTERS][] = [
    [files.json, 'json'],
    [files.junit, 'junit'],
    [files.md, 'markdown'],
    [files.html, 'html'],
    [files.sarif, 'sarif'],
  ];
  for (const [file, id] of jobs) {
    if (!file) continue;
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, REPORTERS[id].render(report, opts));
    written.push(file);
  }
  return written;
}

export function useColor(stream: NodeJS.WriteStream, flag: boolean | undefined): boolean {
  if (flag === false || process.env.NO_COLOR) return false;
  if (process.env.FORCE_COLOR) return true;
  return stream.isTTY === true;
}
