import type { TargetSpec } from '../core/target-spec.js';
import { REPORT_SCHEMA_ID, REPORT_SCHEMA_VERSION, type Report, type TargetReport } from '../core/types.js';
import { addSummaries } from '../core/summary.js';
import { VERSION } from '../version.js';
import { assayTarget, type TargetRunOptions } from './run-target.js';

export interface AssayOptions extends TargetRunOptions {
  only?: string[];
  skip?: string[];
}

/** A target with the options that differ for it (a configured server's own timeout, allowed tools, …). */
export interface PlannedTarget {
  spec: TargetSpec;
  overrides?: Partial<TargetRunOptions>;
}

/** Runs every target (one after the other: each may be a spawned process) and returns the one Report. */
export async function assay(targets: readonly (TargetSpec | PlannedTarget)[], o: AssayOptions): Promise<Report> {
  const started = new Date();
  const reports: TargetReport[] = [];
  for (const t of targets) {
    const planned: PlannedTarget = 'spec' in t ? t : { spec: t };
    reports.push(await assayTarget(planned.spec, { ...o, ...planned.overrides }));
  }
  const options = {
    strict: o.strict,
    ...(o.only?.length ? { only: o.only } : {}),
    ...(o.skip?.length ? { skip: o.skip } : {}),
    ...(o.requireModern ? { require: ['2026-07-28'] } : {}),
  };
  return reportEnvelope(started, new Date(), options, reports);
}

/** The one Report shape around a run's parts (targets, and the evals part when there is one). */
export function reportEnvelope(started: Date, finished: Date, options: Report['options'], targets: TargetReport[], evals?: Report['evals']): Report {
  return {
    $schema: REPORT_SCHEMA_ID,
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcp-assay', version: VERSION },
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationMs: finished.getTime() - started.getTime(),
    options,
    targets,
    summary: addSummaries(targets.map((r) => r.summary)),
    ...(evals ? { evals } : {}),
  };
}
