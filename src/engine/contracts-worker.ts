/**
 * The catalogue half of the contracts analysis, on a thread of its own while the checks are still talking to the
 * server (it needs no observation of theirs). Messages: `items` (list members, in slices), `input` (the rest, the
 * masker's secrets, the rule settings), then `finish` (what the calls observed); it answers once with the digest and
 * the section, or with the stage that threw. The same functions as the in-process step, so the same report. It also
 * runs the confusable scan alone for the step's analysis after the last answer (`confusable`, see confusable-aside.ts).
 */
import { parentPort } from 'node:worker_threads';
import { Masker } from '../core/mask.js';
import type { RuleSettings } from '../core/rules.js';
import {
  catalogueDigest,
  confusableFindings,
  contractsSection,
  finishAnalysis,
  prepareAnalysis,
  type Catalogue,
  type RawCatalogueInput,
} from '../contracts/index.js';
import { catalogueOf } from './catalogue-of.js';
import type { BesideReply, BesideRequest, ListKey } from './contracts-beside.js';
import type { ConfusableReply, ConfusableRequest } from './confusable-aside.js';

type Prepared = ReturnType<typeof prepareAnalysis>;

const lists: Record<ListKey, unknown[]> = { tools: [], prompts: [], resources: [], resourceTemplates: [] };
let input: RawCatalogueInput | undefined;
let settings: RuleSettings | undefined;
let secrets: string[] = [];
let built: { catalogue?: Catalogue; prepared?: Prepared; buildError?: string; analysisError?: string } | undefined;

const message = (e: unknown): string => (e as Error | undefined)?.message as string;

/** Catalogue, then analysis; each stage that throws is kept by name, as the in-process step would report it. */
function build(): NonNullable<typeof built> {
  let catalogue: Catalogue;
  try {
    catalogue = catalogueOf(input as RawCatalogueInput, new Masker(secrets));
  } catch (e) {
    return { buildError: message(e) };
  }
  try {
    return { catalogue, prepared: prepareAnalysis(catalogue, settings) };
  } catch (e) {
    return { catalogue, analysisError: message(e) };
  }
}

function finish(m: Extract<BesideRequest, { type: 'finish' }>): BesideReply {
  // A secret learnt during the run changes what is masked: the catalogue is built again with the run's final secrets.
  if (m.secrets.length !== secrets.length || m.secrets.some((s, i) => s !== secrets[i])) {
    secrets = m.secrets;
    built = build();
  }
  const b = (built ??= build());
  if (b.buildError !== undefined) return { type: 'failed', stage: 'catalogue', message: b.buildError };
  if (b.analysisError !== undefined) return { type: 'failed', stage: 'analysis', message: b.analysisError };
  let analysis: ReturnType<typeof finishAnalysis>;
  try {
    analysis = finishAnalysis(b.prepared as Prepared, { structuredResults: m.structuredResults, resultSizes: m.resultSizes });
  } catch (e) {
    return { type: 'failed', stage: 'analysis', message: message(e) };
  }
  try {
    const digest = catalogueDigest(b.catalogue as Catalogue, analysis);
    return { type: 'done', digest, section: contractsSection(analysis) };
  } catch (e) {
    return { type: 'failed', stage: 'catalogue', message: message(e) };
  }
}

/** The confusable scan alone (confusable-aside.ts); a scan that throws sends no findings, and the run scans in process. */
function confusable(m: ConfusableRequest): ConfusableReply {
  try {
    return { type: 'confusable', findings: confusableFindings(m.tools, m.threshold) };
  } catch {
    return { type: 'confusable' };
  }
}

parentPort?.on('message', (m: BesideRequest | ConfusableRequest) => {
  if (m.type === 'confusable') parentPort?.postMessage(confusable(m));
  else if (m.type === 'items') lists[m.key].push(...m.items);
  else if (m.type === 'input') {
    input = { ...lists, ...m.rest };
    settings = m.settings;
    secrets = m.secrets;
    built = build();
  } else parentPort?.postMessage(finish(m));
});
