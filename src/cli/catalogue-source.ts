import { isAscii } from 'node:buffer';
import { closeSync, existsSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { AssayConfig, Catalogue, PlannedTarget, TargetReport } from '../index.js';
import { CatalogueError, parseCatalogue, type SnapshotMemo } from '../offline.js';
import { UsageError } from './usage-error.js';

export interface LiveOptions {
  timeoutMs: number;
  deadlineMs: number;
}

/**
 * One buffer for every file a command reads (both sides of a diff): fresh memory costs a page fault per page, about as
 * much as reading into it, so the second file reuses the first one's pages.
 */
let scratch = Buffer.alloc(0);

/** A file as text; an all-ASCII file (snapshots escape what a reviewer could not see) skips UTF-8 decoding. */
function readText(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    // With room to spare, so the other side of a diff (a few bytes longer) still fits.
    if (scratch.length <= size) scratch = Buffer.allocUnsafeSlow(size + (size >> 3) + 1);
    // Read to the end, whatever the size said: a file may grow or shrink meanwhile.
    let n = 0;
    for (let got; (got = readSync(fd, scratch, n, scratch.length - n, null)) > 0;) {
      n += got;
      if (n === scratch.length) {
        const bigger = Buffer.allocUnsafeSlow(n * 2);
        scratch.copy(bigger, 0, 0, n);
        scratch = bigger;
      }
    }
    const bytes = scratch.subarray(0, n);
    return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** A catalogue from a snapshot file; `memo` is shared by the files one command reads. */
export function catalogueFromFile(file: string, memo?: SnapshotMemo): Catalogue {
  try {
    return parseCatalogue(readText(file), file, memo);
  } catch (e) {
    if (e instanceof CatalogueError) throw new UsageError(e.message);
    throw new UsageError(`${file}: ${(e as Error).message}`);
  }
}

export function isFile(p: string): boolean {
  return !/^https?:\/\//i.test(p) && existsSync(p) && statSync(p).isFile();
}

export interface LiveCatalogue {
  catalogue?: Catalogue;
  problems: string[];
  target: TargetReport;
}

/** Reads a live server's catalogue: probe and list calls only, no checks, no tool calls. */
export async function catalogueFromTarget(t: PlannedTarget, cfg: AssayConfig, o: LiveOptions): Promise<LiveCatalogue> {
  // The engine loads only for a live side: a diff of two files never needs it.
  const { assay, liveRunOptions } = await import('../index.js');
  const capture: { catalogue?: Catalogue; catalogueProblems?: string[] } = {};
  const report = await assay([t], { ...liveRunOptions(o), capture });
  const target = report.targets[0]!;
  return { ...(capture.catalogue ? { catalogue: capture.catalogue } : {}), problems: capture.catalogueProblems ?? [], target };
}

/** One line saying why a live catalogue could not be read. */
export function unreadable(l: LiveCatalogue): string {
  return `${l.target.target.display}: ${l.target.outcomeReason ?? 'the catalogue could not be read'}`;
}
