import type { Level, SpecRef, TransportKind, WireEntry } from '../core/types.js';
import type { TargetSpec } from '../core/target-spec.js';
import type { McpClient, RequestOptions } from '../target/client.js';
import type { JsonObject } from '../target/envelope.js';
import type { ProbeOutcome } from '../target/probe.js';
import type { Exchange } from '../target/transport.js';
import type { SharedState } from './shared.js';
import type { Timeouts } from '../core/timeouts.js';

export type CheckEra = 'modern' | 'legacy';

/** A conformance check: static data plus `run`. Listable without running anything. */
export interface CheckDefinition {
  /** Stable, hierarchical, declared once: `<area>/<behaviour>`. */
  id: string;
  title: string;
  level: Level;
  spec: SpecRef;
  /** Transports the requirement applies to. */
  transports: TransportKind[];
  /** Server capability the check needs (from server/discover); without it the check is `precondition-failed`. */
  requires?: 'tools' | 'resources' | 'prompts' | 'completions';
  /**
   * Eras whose requirement the check judges: `legacy` (2025-11-25), `modern` (2026-07-28). Absent: the eras its
   * `spec.revision` range covers (see eras.ts), so every check declares them, once. A check outside the target's era
   * is `skip`; a 2026-07-28 miss on a 2025-era server goes to the migration section instead of failing.
   */
  eras?: CheckEra[];
  /**
   * The requirement belongs to a deprecated feature (Logging, Sampling, Roots, HTTP+SSE): a miss is advice and
   * stays a warning, also under --strict (deprecated features still work in 2026-07-28).
   */
  advice?: boolean;
  /** Runs after every other check (it judges what the whole run observed). */
  runsLast?: boolean;
  /**
   * Over HTTP, where each answer's messages come on its own response stream, this `runsLast` check starts once every
   * other check but the listen windows has ended, so its requests overlap the windows; whatever it judges of the whole
   * run waits for `t.atTurn()`. Over stdio it starts at its turn (a notification there belongs to every request in flight).
   */
  startsEarlyOverHttp?: true;
  /**
   * Why the check spends wall time waiting rather than working (a listen window, a second server process): the
   * engine starts such checks first, so their waits overlap the other checks instead of ending the run. A check whose
   * verdict is itself a time bound (stdio/exit-on-eof) is not declared: it should not start amid every other start.
   */
  slow?: string;
  /**
   * The check holds a stream open for a fixed window (a listen window): nothing can end that wait sooner, so it
   * starts ahead of the other slow checks, and its stream reaches the server ahead of their requests.
   */
  holdsWindow?: true;
  /**
   * The verdict reads `probe.dualEra`: the check starts once the 2025 handshake has been answered, not right after the
   * probe with the other 2026-07-28 checks. (A check graded in the 2025 era only always waits for that answer.)
   */
  readsDualEra?: true;
  /** The broken-fixture faults that make this check miss: the fault-matrix tests and docs/checks.md derive from them. */
  trippedBy?: FaultTrip[];
  run(t: CheckContext): Promise<void>;
}

/** A fault switch of a broken fixture server that must make a check miss, and no check that does not declare it. */
export interface FaultTrip {
  /** examples/flawed-server, or test/fixtures/servers/{flows,legacy,auth}. */
  fixture: 'flawed-server' | 'flows' | 'legacy' | 'auth';
  fault: string;
  /** Default: `fail` for a MUST, `warn` for a SHOULD or MAY or an advice check. */
  status?: 'fail' | 'warn';
  /** Default: every transport of the check that the fixture serves. */
  transports?: TransportKind[];
}

export interface CheckFailure {
  message: string;
  expected?: string;
  actual?: string;
  hint?: string;
  evidence?: number[];
}

export type { CheckOptions } from './options.js';
import type { CheckOptions } from './options.js';

export interface CheckContext {
  readonly checkId: string;
  readonly transport: TransportKind;
  /** What the user pointed us at: a check may open a second, separate transport to it (e.g. a fresh stdio process). */
  readonly spec: TargetSpec;
  readonly client: McpClient;
  readonly probe: ProbeOutcome;
  readonly options: CheckOptions;
  /** Every wait this check may make, derived once for the run: read a named field, never derive from `options`. */
  readonly timeouts: Timeouts;
  readonly shared: SharedState;
  /** A request tagged with this check's id in the wire record. */
  request(method: string, params?: JsonObject, o?: RequestOptions): Promise<Exchange>;
  /** Record a failure; a check may record several and keeps running. */
  fail(f: CheckFailure): void;
  /** The server does not offer what this check needs: stop, status `precondition-failed`. */
  precondition(message: string, hint?: string): never;
  /** The requirement does not apply (an optional feature the server does not offer): stop, status `skip`. */
  skip(message: string): never;
  /** The check cannot decide: stop, status `inconclusive`. */
  inconclusive(message: string, evidence?: number[]): never;
  /** A passing check may say what it saw. */
  note(message: string): void;
  /**
   * Resolves when this check may judge the whole run: at once, unless it started ahead of its turn
   * (`startsEarlyOverHttp`); then once every check before it has ended.
   */
  atTurn(): Promise<void>;
  /**
   * The wire record so far, for a check that judges the whole run: without what run-last checks that started ahead of
   * their turn sent and received, since they judge after this one.
   */
  wire(): readonly WireEntry[];
}

export class CheckStop extends Error {
  constructor(
    readonly status: 'precondition-failed' | 'inconclusive' | 'skip',
    message: string,
    readonly hint?: string,
    readonly evidence?: number[],
  ) {
    super(message);
  }
}
