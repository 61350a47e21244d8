import { analyseCatalogue, catalogueDigest, contractsSection, type Catalogue } from '../contracts/index.js';
import type { RuleSettings, ToolExample } from '../core/rules.js';
import type { Report } from '../core/types.js';
import { summarize } from '../core/summary.js';
import { runExamples } from './examples.js';
import { reportEnvelope } from './run.js';

export interface SnapshotRunOptions {
  contracts: RuleSettings;
  examples: Record<string, ToolExample[]>;
  allowTools: readonly string[];
}

/** The report of a snapshot file: no server is contacted, only its recorded catalogue is analysed. */
export async function assaySnapshot(file: string, catalogue: Catalogue, o: SnapshotRunOptions): Promise<Report> {
  const examples = await runExamples(catalogue, o.examples, o.allowTools);
  const analysis = analyseCatalogue(catalogue, o.contracts, { resultSizes: examples.sizes, extraFindings: examples.findings });
  const now = new Date();
  const target = {
    target: { kind: 'snapshot' as const, display: file },
    ...(catalogue.server.name ? { server: { name: catalogue.server.name, ...(catalogue.server.version ? { version: catalogue.server.version } : {}) } } : {}),
    era: 'unknown' as const,
    eraReason: 'a snapshot file: no server was contacted',
    outcome: 'completed' as const,
    results: [],
    catalogue: catalogueDigest(catalogue, analysis),
    sections: [contractsSection(analysis)],
    summary: summarize([]),
    wire: [],
    wireDropped: 0,
    durationMs: 0,
  };
  return reportEnvelope(now, now, { strict: false }, [target]);
}
