import type { CatalogueDigest, ReportSection } from '../core/types.js';
import type { WireRecorder } from '../target/recorder.js';
import type { ProbeOutcome } from '../target/probe.js';
import {
  analyseCatalogue,
  catalogueDigest,
  contractsSection,
  DEFAULT_THRESHOLDS,
  finishAnalysis,
  prepareAnalysisAside,
  type Catalogue,
  type ConfusableInput,
  type RawCatalogueInput,
  type RawFinding,
  type ResultSizeObservation,
  type StructuredResultObservation,
} from '../contracts/index.js';
import type { CheckEnv } from './run-check.js';
import { catalogueInput } from './catalogue.js';
import { catalogueOf } from './catalogue-of.js';
import { CONFUSABLE_ASIDE_FROM, ConfusableAside, EarlyConfusable } from './confusable-aside.js';
import { runExamples } from './examples.js';
import { LiveCaller } from './live-caller.js';
import type { ContractsBeside } from './contracts-beside.js';
import type { EarlyCatalogue, EarlyContracts } from './contracts-early.js';
import type { TargetRunOptions } from './target-options.js';

const analysisError = (message: string): ReportSection => ({
  id: 'contracts',
  title: 'Tool contracts',
  // Our analysis broke, not the server: the section says so at error level, so the run cannot pass quietly.
  findings: [{ ruleId: 'contracts/analysis-error', severity: 'error', subject: 'catalogue', message: `the contracts analysis failed: ${message}` }],
});

/** Thrown where the catalogue itself could not be built or digested: the step's outer handler reports it. */
class CatalogueFailure extends Error {}

/**
 * Catalogue and contract analysis; a catalogue a hostile server broke becomes a finding, never a crash. With `beside`
 * the catalogue half already ran on a worker thread during the checks, and only the observations are added here.
 */
export async function contractsStep(
  env: CheckEnv,
  probe: ProbeOutcome,
  recorder: WireRecorder,
  o: TargetRunOptions,
  digest: (d: CatalogueDigest) => void,
  beside?: { thread: ContractsBeside; waitMs: number },
  serverDone?: () => void,
  earlyHalf?: EarlyContracts,
): Promise<{ section?: ReportSection; problems: string[] }> {
  try {
    const { input, problems } = await catalogueInput(env.shared, probe);
    const observed = { structuredResults: recorder.audit?.structuredResults ?? [], resultSizes: recorder.audit?.resultSizes ?? [] };
    const thread = o.contracts === false || o.capture || hasExamples(o) ? undefined : beside;
    // Nothing below asks the server anything, unless there are examples to call.
    if (!hasExamples(o)) serverDone?.();
    const reply = await thread?.thread.finish(observed, thread.waitMs);
    if (reply?.type === 'failed' && reply.stage === 'analysis') return { problems, section: analysisError(reply.message) };
    if (reply?.type === 'failed') throw new CatalogueFailure(reply.message);
    if (reply) {
      digest(reply.digest);
      return { section: reply.section, problems };
    }
    // The catalogue half done while the listen windows were open, when nothing since changes it (no examples to add).
    const early = o.capture || o.contracts === false || hasExamples(o) ? undefined : await earlyHalf?.take(input);
    // A large catalogue's confusable scan runs on the core the idle server leaves, on a thread started now: sent the
    // tools as listed, it scans while this thread builds the catalogue; else it loads meanwhile and is sent the typed view.
    const wanted = !early && o.contracts !== false && !hasExamples(o) && (input.tools?.length ?? 0) >= (o.confusableAsideFrom ?? CONFUSABLE_ASIDE_FROM);
    const listed = wanted ? EarlyConfusable.inputOf(input.tools) : undefined;
    const begun = listed && new EarlyConfusable(listed, DEFAULT_THRESHOLDS.confusableScore);
    const aside = wanted && !begun ? new ConfusableAside() : undefined;
    const scan: ConfusableScan | undefined = begun
      ? (tools, threshold) => begun.take(tools, threshold) ?? Promise.resolve(undefined)
      : aside && ((tools, threshold) => aside.scan(tools, threshold));
    try {
      return await analyse(env, recorder, o, input, problems, observed, early, digest, scan, serverDone);
    } finally {
      aside?.close();
      begun?.close();
    }
  } catch (e) {
    const problems = [`the catalogue could not be read: ${(e as Error).message}`];
    if (o.capture) o.capture.catalogueProblems = problems;
    if (o.contracts === false) return { problems };
    return {
      problems,
      section: {
        id: 'contracts',
        title: 'Tool contracts',
        findings: [
          {
            ruleId: 'lint/malformed-field',
            severity: 'warning',
            subject: 'catalogue',
            message: `the catalogue could not be analysed: ${(e as Error).message}`,
          },
        ],
      },
    };
  }
}

/** The confusable scan's findings from elsewhere (undefined: scan in process). */
type ConfusableScan = (tools: ConfusableInput, threshold: number) => Promise<RawFinding[] | undefined>;

/** The catalogue, the examples and the analysis (its confusable scan by `scan` when given): the step's section. */
async function analyse(
  env: CheckEnv,
  recorder: WireRecorder,
  o: TargetRunOptions,
  input: RawCatalogueInput,
  problems: string[],
  observed: { structuredResults: readonly StructuredResultObservation[]; resultSizes: readonly ResultSizeObservation[] },
  early: EarlyCatalogue | undefined,
  digest: (d: CatalogueDigest) => void,
  scan: ConfusableScan | undefined,
  serverDone: (() => void) | undefined,
): Promise<{ section?: ReportSection; problems: string[] }> {
  const catalogue = early?.catalogue ?? catalogueOf(input, recorder.masker);
  if (o.capture) Object.assign(o.capture, { catalogue, catalogueProblems: problems });
  if (o.contracts === false) return { problems };
  const examples = hasExamples(o) ? await examplesStep(env, recorder, catalogue, o) : undefined;
  serverDone?.();
  let analysis: ReturnType<typeof analyseCatalogue>;
  try {
    const options = {
      structuredResults: observed.structuredResults,
      resultSizes: [...observed.resultSizes, ...(examples?.sizes ?? [])],
      extraFindings: examples?.findings ?? [],
    };
    const prepared = early?.prepared;
    if (prepared && 'error' in prepared) throw new Error(prepared.error);
    if (prepared) analysis = finishAnalysis(prepared, options);
    else if (scan) analysis = finishAnalysis(await prepareAnalysisAside(catalogue, o.contracts || undefined, scan), options);
    else analysis = analyseCatalogue(catalogue, o.contracts || undefined, options);
  } catch (e) {
    return { problems, section: analysisError((e as Error).message) };
  }
  digest(catalogueDigest(catalogue, analysis));
  return { section: contractsSection(analysis), problems };
}

export function hasExamples(o: TargetRunOptions): boolean {
  return !!o.examples && Object.keys(o.examples).length > 0;
}

/** Example calls on the same connection (a 2025-era server gets its own session, closed afterwards). */
async function examplesStep(env: CheckEnv, recorder: WireRecorder, catalogue: Catalogue, o: TargetRunOptions) {
  const signal = env.client.defaults.signal ?? new AbortController().signal;
  const caller = new LiveCaller({
    spec: env.spec,
    client: env.client,
    probe: env.probe,
    shared: env.shared,
    recorder,
    signal,
    options: o,
    timeouts: env.timeouts,
  });
  try {
    return await runExamples(catalogue, o.examples ?? {}, o.allowTools, caller);
  } finally {
    await caller.close();
  }
}
