import { isAscii } from 'node:buffer';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AssayConfig, Catalogue, PlannedTarget, TargetReport } from '../index.js';
import { CatalogueError, parseCatalogue } from '../offline.js';
import { UsageError } from './usage-error.js';

export interface LiveOptions {
  timeoutMs: number;
  deadlineMs: number;
}

/** A file as text; an all-ASCII file (snapshots escape what a reviewer could not see) skips UTF-8 decoding. */
function readText(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** A catalogue from a snapshot file. */
export function catalogueFromFile(file: string): Catalogue {
  try {
    return parseCatalogue(readText(file), file);
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
