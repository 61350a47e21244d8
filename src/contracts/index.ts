/**
 * Tool contracts: risk inventory, risk rules, description lint and poisoning scan over one catalogue.
 * Pure and offline: callers fetch lists and make calls; this module only reads what they pass in.
 * Folders import downwards only: shared <- rules <- catalogue <- schema <- risk <- {lint, poisoning, diff}; this file is the public face.
 */
import type { RuleSettings } from '../core/rules.js';
import type { CatalogueDigest, ReportSection } from '../core/types.js';
import { hashJson } from './shared/canonical.js';
import type { Catalogue, CatalogueTool } from './catalogue/catalogue.js';
import { confusableFindings } from './lint/confusable.js';
import { lintCatalogue } from './lint/lint.js';
import { scanPoisoning } from './poisoning/poisoning.js';
import { riskFindings } from './risk/risk-rules.js';
import { classifyTool, RISK_CLASSES, type RiskClass, type ToolRisk } from './risk/risk.js';
import { DEFAULT_THRESHOLDS, type ContractThresholds } from './rules/thresholds.js';
import { applySettings, type ContractFinding, type RawFinding } from './rules/rule-settings.js';
import { estimateTokens, type TokenEstimate } from './catalogue/tokens.js';
import { validateStructuredResult } from './schema/validate.js';
import { typedView } from './catalogue/typed-view.js';
import { fieldNames } from './risk/receipt-fields.js';
import { receiptFindings } from './risk/receipt-rules.js';
import { disclosureFindings, largeResultFindings, type ResultSizeObservation } from './lint/size-rules.js';

export interface StructuredResultObservation {
  tool: string;
  structuredContent: unknown;
}

export interface ContractsOptions {
  thresholds?: Partial<ContractThresholds>;
  /** Results of calls the caller made, checked against each tool's outputSchema. */
  structuredResults?: readonly StructuredResultObservation[];
  /** Sizes of tool results any layer saw (check's calls, examples), for size/large-result. */
  resultSizes?: readonly ResultSizeObservation[];
  /** Findings the caller already made about this catalogue (example responses), given levels and waivers here. */
  extraFindings?: readonly RawFinding[];
}

export interface ContractsStats {
  catalogueHash: string;
  tools: number;
  prompts: number;
  resources: number;
  resourceTemplates: number;
  tokens: TokenEstimate;
  riskClasses: Record<RiskClass, number>;
  findings: { error: number; warning: number; info: number; waived: number };
}

export interface ContractsResult {
  findings: ContractFinding[];
  risk: ToolRisk[];
  /** Analyses that threw (their findings are missing); the section lists each at error level. */
  crashes?: AnalysisCrash[];
  stats: ContractsStats;
}

function structuredFindings(c: Catalogue, observations: readonly StructuredResultObservation[]): RawFinding[] {
  const out: RawFinding[] = [];
  observations.forEach((o, i) => {
    const tool = c.tools.find((t) => t.name === o.tool);
    if (!tool) return;
    const errors = validateStructuredResult(tool, o.structuredContent);
    if (errors.length) {
      out.push({
        ruleId: 'risk/structured-result-invalid',
        subject: tool.name,
        location: `structuredResults[${i}]`,
        message: `structured result does not match outputSchema: ${errors.slice(0, 5).join('; ')}${errors.length > 5 ? `; and ${errors.length - 5} more` : ''}`,
      });
    }
  });
  return out;
}

/** An analysis that threw: its findings are missing, so the section says so at error level instead of passing quietly. */
export interface AnalysisCrash {
  analysis: string;
  reason: string;
}

/** Runs one family of analyses; a throw is recorded (ours to fix, not the server's) and the other families still run. */
function guarded(crashes: AnalysisCrash[], analysis: string, run: () => RawFinding[]): RawFinding[] {
  try {
    return run();
  } catch (e) {
    crashes.push({ analysis, reason: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
    return [];
  }
}

export function analyseCatalogue(original: Catalogue, settings?: RuleSettings, options: ContractsOptions = {}): ContractsResult {
  return finishAnalysis(prepareAnalysis(original, settings, options.thresholds), options);
}

/** The part of the analysis that reads the catalogue alone, so it can run before (or beside) the calls that add observations. */
export interface PreparedAnalysis {
  readonly view: Catalogue;
  readonly settings: RuleSettings | undefined;
  readonly thresholds: ContractThresholds;
  readonly risk: ToolRisk[];
  readonly tokens: TokenEstimate;
  readonly malformed: RawFinding[];
  /** Each family's findings, or the crash that lost them (`disclosure` is the catalogue half of "result sizes"). */
  readonly families: Record<'risk' | 'receipts' | 'disclosure' | 'lint' | 'confusable' | 'poisoning', RawFinding[] | AnalysisCrash>;
}

function attempt(analysis: string, run: () => RawFinding[]): RawFinding[] | AnalysisCrash {
  const crashes: AnalysisCrash[] = [];
  const out = guarded(crashes, analysis, run);
  return crashes[0] ?? out;
}

export function prepareAnalysis(original: Catalogue, settings?: RuleSettings, thresholdsIn?: Partial<ContractThresholds>): PreparedAnalysis {
  return drain(preparing(original, settings, thresholdsIn));
}

/**
 * prepareAnalysis, the same result, with a turn of the event loop between the analysis families: for a run that
 * prepares while requests are still in flight (the listen windows), so their answers are read on time. Each family of
 * a catalogue this is used for takes milliseconds to tens of them; all of them at once took about 100 ms at 100 tools.
 */
export async function prepareAnalysisInTurns(original: Catalogue, settings?: RuleSettings): Promise<PreparedAnalysis> {
  const steps = preparing(original, settings);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Runs steps to the end without giving way. */
function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** prepareAnalysis in steps: each `yield` is a point where the work may give way. */
function* preparing(original: Catalogue, settings?: RuleSettings, thresholdsIn?: Partial<ContractThresholds>): Generator<void, PreparedAnalysis> {
  const { view: c, findings: malformed } = typedView(original);
  const thresholds = { ...DEFAULT_THRESHOLDS, ...thresholdsIn };
  yield;
  const confusable = attempt('confusable names', () => confusableFindings(c.tools, thresholds.confusableScore));
  yield;
  return yield* preparingFrom(c, malformed, settings, thresholds, confusable);
}

/** Names, titles and descriptions: all the confusable scan reads of a tool, and all it needs sent to another thread. */
export type ConfusableInput = Pick<CatalogueTool, 'name' | 'title' | 'description'>[];

/**
 * prepareAnalysis with the confusable scan run by `aside` (another thread) while the other families run here: the same
 * result. When `aside` gives nothing (the thread failed, or the scan threw there), the scan runs here as it always did.
 */
export async function prepareAnalysisAside(
  original: Catalogue,
  settings: RuleSettings | undefined,
  aside: (tools: ConfusableInput, threshold: number) => Promise<RawFinding[] | undefined>,
): Promise<PreparedAnalysis> {
  const { view: c, findings: malformed } = typedView(original);
  const thresholds = { ...DEFAULT_THRESHOLDS };
  const scan = aside(
    c.tools.map((t) => ({ name: t.name, title: t.title, description: t.description })),
    thresholds.confusableScore,
  ).catch(() => undefined);
  const prepared = prepareFrom(c, malformed, settings, thresholds, undefined);
  const confusable = (await scan) ?? attempt('confusable names', () => confusableFindings(c.tools, thresholds.confusableScore));
  return { ...prepared, families: { ...prepared.families, confusable } };
}

function prepareFrom(
  c: Catalogue,
  malformed: RawFinding[],
  settings: RuleSettings | undefined,
  thresholds: ContractThresholds,
  confusable: RawFinding[] | AnalysisCrash | undefined,
): PreparedAnalysis {
  return drain(preparingFrom(c, malformed, settings, thresholds, confusable));
}

function* preparingFrom(
  c: Catalogue,
  malformed: RawFinding[],
  settings: RuleSettings | undefined,
  thresholds: ContractThresholds,
  confusable: RawFinding[] | AnalysisCrash | undefined,
): Generator<void, PreparedAnalysis> {
  const risk = c.tools.map(classifyTool);
  const tokens = estimateTokens(c);
  yield;
  const riskFound = attempt('risk rules', () => c.tools.flatMap((t, i) => riskFindings(t, risk[i] as ToolRisk)));
  const receipts = attempt('result contracts', () => {
    const known = fieldNames(settings?.fields);
    return c.tools.flatMap((t, i) => receiptFindings(t, risk[i] as ToolRisk, known));
  });
  yield;
  const disclosure = attempt('result sizes', () => disclosureFindings(c, tokens, thresholds));
  yield;
  const lint = attempt('description and schema lint', () => lintCatalogue(c, tokens, thresholds));
  yield;
  const poisoning = attempt('poisoning scan', () => scanPoisoning(c));
  const families: PreparedAnalysis['families'] = { risk: riskFound, receipts, disclosure, lint, confusable: confusable ?? [], poisoning };
  return { view: c, settings, thresholds, risk, tokens, malformed, families };
}

/** Adds what calls observed (results, sizes, example findings) to a prepared analysis: the same result as analyseCatalogue. */
export function finishAnalysis(p: PreparedAnalysis, options: Omit<ContractsOptions, 'thresholds'> = {}): ContractsResult {
  const { view: c, risk, tokens, thresholds, families } = p;
  const crashes: AnalysisCrash[] = [];
  const take = (f: RawFinding[] | AnalysisCrash): RawFinding[] => (Array.isArray(f) ? f : (crashes.push(f), []));
  const raw: RawFinding[] = [...p.malformed, ...(options.extraFindings ?? [])];
  raw.push(...take(families.risk));
  raw.push(...take(families.receipts));
  // One family with the catalogue half: the observed half runs first, as it always did, so its crash is the one named.
  const sizes = attempt('result sizes', () => largeResultFindings(options.resultSizes ?? [], thresholds));
  raw.push(
    ...take(
      Array.isArray(sizes) && Array.isArray(families.disclosure) ? [...sizes, ...families.disclosure] : Array.isArray(sizes) ? families.disclosure : sizes,
    ),
  );
  raw.push(...guarded(crashes, 'structured results', () => structuredFindings(c, options.structuredResults ?? [])));
  raw.push(...take(families.lint));
  raw.push(...take(families.confusable));
  raw.push(...take(families.poisoning));
  const findings = applySettings(raw, p.settings);
  const riskClasses = Object.fromEntries(RISK_CLASSES.map((k) => [k, 0])) as Record<RiskClass, number>;
  for (const r of risk) riskClasses[r.class]++;
  const count = { error: crashes.length, warning: 0, info: 0, waived: 0 };
  for (const f of findings) {
    if (f.waived) count.waived++;
    else count[f.severity]++;
  }
  return {
    findings,
    risk,
    ...(crashes.length ? { crashes } : {}),
    stats: {
      catalogueHash: c.hashes.catalogue,
      tools: c.tools.length,
      prompts: c.prompts.length,
      resources: c.resources.length,
      resourceTemplates: c.resourceTemplates.length,
      tokens,
      riskClasses,
      findings: count,
    },
  };
}

/** The id of the finding that stands for an analysis that threw; it cannot be turned off or waived. */
const ANALYSIS_ERROR = 'contracts/analysis-error';

export function contractsSection(r: ContractsResult): ReportSection {
  const crashed = (r.crashes ?? []).map((x) => ({
    ruleId: ANALYSIS_ERROR,
    severity: 'error' as const,
    subject: 'catalogue',
    message: `the ${x.analysis} analysis failed, so its findings are missing: ${x.reason}`,
  }));
  return { id: 'contracts', title: 'Tool contracts', findings: [...crashed, ...r.findings.map((f) => ({ ...f }))] };
}

/** Hashes of the catalogue per tool (its description apart) with each tool's risk, for the gate and the run history. */
export function catalogueDigest(c: Catalogue, r: ContractsResult): CatalogueDigest {
  const tools: CatalogueDigest['tools'] = {};
  const risk = new Map(r.risk.map((x) => [x.tool, x]));
  // buildCatalogue already hashed the first tool of each name, the one kept here; a name with `#` could be confused
  // with the `name#2` keys it gives repeated names, and a catalogue made by hand may lack hashes: those are hashed anew.
  const reuse = !c.tools.some((t) => t.name.includes('#'));
  for (const t of c.tools) {
    if (Object.hasOwn(tools, t.name)) continue;
    const x = risk.get(t.name);
    const hash = reuse && Object.hasOwn(c.hashes.tools, t.name) ? (c.hashes.tools[t.name] as string) : hashJson(t);
    tools[t.name] = { hash, description: hashJson(t.description ?? ''), ...(x ? { risk: `${x.tier} ${x.class}` } : {}) };
  }
  return { hash: c.hashes.catalogue, tools };
}

/** 1 when a rule at error level fired and was not waived, or an analysis failed. */
export function contractsExitCode(r: ContractsResult): 0 | 1 {
  return r.crashes?.length || r.findings.some((f) => f.severity === 'error' && !f.waived) ? 1 : 0;
}

export { buildCatalogue, CatalogueError } from './catalogue/catalogue.js';
export { serializeCatalogue } from './catalogue/catalogue-serialize.js';
export { parseCatalogue } from './catalogue/catalogue-parse.js';
export type { Catalogue, CatalogueTool, RawCatalogueInput } from './catalogue/catalogue.js';
export { diffCatalogues, applyDiffAllowances, diffExitCode } from './diff/diff.js';
export { renderDiffMarkdown } from './diff/diff-markdown.js';
export type { CatalogueChange, DiffAllowance } from './diff/change.js';
export { CONTRACT_RULES } from '../core/rule-catalogue.js';

export type { ContractThresholds } from './rules/thresholds.js';
export { DEFAULT_THRESHOLDS } from './rules/thresholds.js';
export { validateRuleSettings } from './rules/rule-settings.js';
export type { ContractFinding } from './rules/rule-settings.js';
export { classifyTool } from './risk/risk.js';
export { confusableFindings } from './lint/confusable.js';
export type { RiskClass, ToolRisk } from './risk/risk.js';
export { validateStructuredResult } from './schema/validate.js';

export type { TokenEstimate } from './catalogue/tokens.js';
export { judgeToolResult } from './lint/result-judge.js';

export { resultContractOf } from './risk/receipt-rules.js';

export type { ResultSizeObservation } from './lint/size-rules.js';
export type { RawFinding } from './rules/rule-settings.js';
export { exampleFinding, exampleProblems, subsetMismatch } from './lint/example-judge.js';

export { inventoryRows } from './risk/inventory.js';
export type { InventoryRow } from './risk/inventory.js';
export { enforcePolicy } from './risk/policy-eval.js';
