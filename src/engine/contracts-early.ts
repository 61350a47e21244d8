/**
 * The catalogue half of a small catalogue's contracts analysis, done while the listen windows hold the run open and
 * every other check has ended: the run waits on the clock then, so the half costs it nothing, and after the windows only
 * what the calls observed is added (the same functions as the step's own analysis, so the same section and digest).
 */
import type { SharedState } from '../checks/index.js';
import type { Masker } from '../core/mask.js';
import type { RuleSettings } from '../core/rules.js';
import { prepareAnalysisInTurns, type Catalogue, type PreparedAnalysis, type RawCatalogueInput } from '../contracts/index.js';
import type { ProbeOutcome } from '../target/probe.js';
import { catalogueInput } from './catalogue.js';
import { catalogueOf } from './catalogue-of.js';

/** Below this many tools the half takes tens of milliseconds; larger catalogues wait for the step (or the worker thread). */
export const EARLY_CONTRACTS_BELOW = 500;

const LISTS = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'] as const;
const LIST_CAP: Record<(typeof LISTS)[number], string> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
};

export interface EarlyCatalogue {
  input: RawCatalogueInput;
  catalogue: Catalogue;
  /** prepareAnalysisInTurns's result, or the message it threw (the step reports that as `contracts/analysis-error`). */
  prepared: PreparedAnalysis | { error: string };
}

export class EarlyContracts {
  private ready: Promise<EarlyCatalogue | undefined> | undefined;
  /** The masker's version when the catalogue was masked: a later one has learnt a secret that masks it differently. */
  private maskedAt = -1;

  constructor(
    private readonly shared: SharedState,
    private readonly probe: ProbeOutcome,
    private readonly masker: Masker,
    private readonly settings: RuleSettings | undefined,
    /** Catalogues of this many tools or more are left to the step (or to the worker thread that takes them). */
    private readonly below: number,
  ) {}

  /**
   * Begins the half, once, if it sends nothing: every list the catalogue reads has been asked by a check already. A list
   * read here first would go out before the last checks, which judge the whole wire, and change what they see.
   */
  begin(): void {
    if (this.ready) return;
    if (LISTS.some((m) => this.shared.offers(LIST_CAP[m]) !== false && !this.shared.listAsked(m))) return;
    this.ready = this.prepare().catch(() => undefined);
  }

  private async prepare(): Promise<EarlyCatalogue | undefined> {
    const { input } = await catalogueInput(this.shared, this.probe);
    if ((input.tools?.length ?? 0) >= this.below) return undefined;
    this.maskedAt = this.masker.version;
    const catalogue = catalogueOf(input, this.masker);
    try {
      return { input, catalogue, prepared: await prepareAnalysisInTurns(catalogue, this.settings) };
    } catch (e) {
      return { input, catalogue, prepared: { error: (e as Error).message } };
    }
  }

  /**
   * The half, when it was done from this very input and the masker has learnt no secret since (a secret learnt later
   * masks the catalogue differently); else undefined, and the step analyses as it always did.
   */
  async take(input: RawCatalogueInput): Promise<EarlyCatalogue | undefined> {
    const early = await this.ready;
    if (!early) return undefined;
    // The shared lists are memoised: the same arrays (a list the server does not offer is a fresh empty one each time).
    const same = (['tools', 'prompts', 'resources', 'resourceTemplates'] as const).every(
      (k) => early.input[k] === input[k] || (early.input[k]?.length === 0 && input[k]?.length === 0),
    );
    if (!same || this.masker.version !== this.maskedAt) return undefined;
    return early;
  }
}
