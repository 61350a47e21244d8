import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadReporter, REPORT_FILES, type RenderOptions, type Report, type ReportFileKey } from '../index.js';

/** A file per reporter, keyed as the option table keys report files (json, junit, md, html, sarif). */
export type ReportFiles = { [K in ReportFileKey]?: string };

/**
 * Starts loading the console renderer and those of the requested files, so that they load while the server is being
 * checked instead of after its last answer. A renderer that fails to load fails where it is used (writeReports).
 */
export function preloadReporters(files: ReportFiles): void {
  for (const id of ['console' as const, ...REPORT_FILES.filter(([key]) => files[key]).map(([, d]) => d.reporter)]) void loadReporter(id).catch(() => undefined);
}

/** Writes each requested rendering, in the table's order; returns the paths written. */
export async function writeReports(report: Report, files: ReportFiles, opts: RenderOptions = {}): Promise<string[]> {
  const written: string[] = [];
  for (const [key, decl] of REPORT_FILES) {
    const file = files[key];
    if (!file) continue;
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const reporter = await loadReporter(decl.reporter);
    if (reporter.renderPieces) await writePieces(file, reporter.renderPieces(report, opts));
    else await writeFile(file, reporter.render(report, opts));
    written.push(file);
  }
  return written;
}

/** A rendering written piece by piece: a large report's text is never held whole. */
async function writePieces(file: string, pieces: Iterable<string>): Promise<void> {
  const handle = await open(file, 'w');
  try {
    for (const piece of pieces) await handle.write(piece);
  } finally {
    await handle.close();
  }
}

export { useColor } from './color.js';
