import type { CheckResult, Status, TransportKind } from '../core/types.js';
import { describeInternalError } from '../core/internal-error.js';
import {
  areaOf,
  checkEras,
  CheckStop,
  ERA_LABEL,
  type CheckEra,
  type CheckContext,
  type CheckDefinition,
  type CheckFailure,
  type CheckOptions,
  type SharedState,
} from '../checks/index.js';
import type { McpClient } from '../target/client.js';
import type { TargetSpec } from '../core/target-spec.js';
import type { ProbeOutcome } from '../target/probe.js';
import { gradeFailure } from './grade.js';
import { withDeadline } from '../target/deadline.js';
import type { Timeouts } from '../core/timeouts.js';

export interface CheckEnv {
  spec: TargetSpec;
  client: McpClient;
  probe: ProbeOutcome;
  shared: SharedState;
  options: CheckOptions;
  strict: boolean;
  /** Every wait, derived once for this target; `checkBudget` is how long one check may run before it is inconclusive. */
  timeouts: Timeouts;
  /** `--require 2026-07-28`: a 2025-era server is graded by 2026-07-28 requirements too. */
  requireModern?: boolean;
  /**
   * Run-last checks that started ahead of their turn (`startsEarlyOverHttp`) and whose turn has not come: what they
   * sent and received is left out of `t.wire()`, as it was not yet on the wire when the checks before them judged.
   */
  judgedLater?: ReadonlySet<string>;
}

/** Eras the target is graded in: the one it speaks, both for a dual-era server. */
export function targetEras(probe: ProbeOutcome): CheckEra[] {
  if (probe.era === 'legacy') return ['legacy'];
  return probe.dualEra ? ['modern', 'legacy'] : ['modern'];
}

const OUTSIDE_ERA =
  'a 2026-07-28 requirement: a 2025-era server is graded by the 2025-11-25 requirements (what to change is under Migration; --require 2026-07-28 grades it)';

export function baseResult(def: CheckDefinition, status: Status, message?: string): CheckResult {
  return {
    checkId: def.id,
    title: def.title,
    area: areaOf(def.id),
    level: def.level,
    status,
    spec: def.spec,
    transports: [...def.transports],
    ...(message ? { message } : {}),
    durationMs: 0,
  };
}

/**
 * `turn`, for a check started ahead of its turn: `t.atTurn()` resolves with it, and the check's budget runs from it
 * (until then its requests are bounded by their own timeouts and the run's deadline).
 */
export async function runCheck(def: CheckDefinition, env: CheckEnv, turn?: Promise<void>): Promise<CheckResult> {
  const kind: TransportKind = env.client.transport.kind;
  if (!def.transports.includes(kind)) return baseResult(def, 'skip', `applies to ${def.transports.join(' and ')} only`);
  const eras = checkEras(def);
  const graded = targetEras(env.probe);
  if (!eras.some((e) => graded.includes(e))) {
    // Run anyway, ungraded: what a 2025-era server misses of 2026-07-28 is its migration to-do list.
    if (eras.includes('modern') && env.probe.era === 'legacy') return env.requireModern ? judge(def, env, turn) : outsideEra(def, await judge(def, env, turn));
    return baseResult(
      def,
      'skip',
      `a requirement of ${eras.map((e) => ERA_LABEL[e]).join(' and ')} only; this server is graded in ${graded.map((e) => ERA_LABEL[e]).join(' and ')}`,
    );
  }
  return judge(def, env, turn);
}

function outsideEra(def: CheckDefinition, seen: CheckResult): CheckResult {
  const r = baseResult(def, 'skip', OUTSIDE_ERA);
  r.outsideEra = { status: seen.status, ...(seen.message ? { message: seen.message } : {}), ...(seen.hint ? { hint: seen.hint } : {}) };
  if (seen.evidence) r.evidence = seen.evidence;
  r.durationMs = seen.durationMs;
  return r;
}

async function judge(def: CheckDefinition, env: CheckEnv, turn?: Promise<void>): Promise<CheckResult> {
  const kind: TransportKind = env.client.transport.kind;
  if (def.requires && env.shared.offers(def.requires) === false)
    return baseResult(
      def,
      'skip',
      `the server does not offer ${def.requires} (an optional capability; its ${env.probe.era === 'legacy' ? 'initialize result' : 'server/discover result'} does not advertise it)`,
    );
  const t0 = performance.now();
  // A 2025-era server graded by a requirement of its own era is spoken to as a 2025 client; the 2026-07-28
  // requirements run on it for its migration list keep the modern envelope.
  const client = env.probe.era === 'legacy' && checkEras(def).includes('legacy') ? env.client.in2025Session() : env.client;
  const failures: CheckFailure[] = [];
  const notes: string[] = [];
  const ctx: CheckContext = {
    checkId: def.id,
    transport: kind,
    spec: env.spec,
    client,
    probe: env.probe,
    options: env.options,
    timeouts: env.timeouts,
    shared: env.shared,
    request: (method, params, o) => client.request(method, params, { ...o, phase: def.id }),
    fail: (f) => void failures.push(f),
    precondition: (message, hint) => {
      throw new CheckStop('precondition-failed', message, hint);
    },
    skip: (message) => {
      throw new CheckStop('skip', message);
    },
    inconclusive: (message, evidence) => {
      throw new CheckStop('inconclusive', message, undefined, evidence);
    },
    note: (m) => void notes.push(m),
    atTurn: () => turn ?? Promise.resolve(),
    wire: () => {
      const later = env.judgedLater;
      const entries = client.recorder.entries;
      return later?.size ? entries.filter((e) => !later.has(e.phase)) : entries;
    },
  };
  let result: CheckResult;
  try {
    const running = def.run(ctx);
    const budgeted = () => withDeadline(running, env.timeouts.checkBudget, (ms) => new CheckStop('inconclusive', `the check did not finish within ${ms} ms`));
    if (turn) {
      // Settled before its turn (a stop, a failure): judged at its turn, not left unhandled meanwhile.
      running.catch(() => undefined);
      await turn.then(budgeted);
    } else await budgeted();
    result = fromFailures(def, failures, notes, env.strict);
  } catch (e) {
    if (e instanceof CheckStop) {
      // Failures recorded before the stop still count: a fail outranks "could not finish".
      result = failures.length
        ? fromFailures(def, failures, notes, env.strict)
        : { ...baseResult(def, e.status, e.message), ...(e.hint ? { hint: e.hint } : {}), ...(e.evidence ? { evidence: e.evidence } : {}) };
    } else {
      result = baseResult(def, 'error', `mcp-assay failed while running this check: ${describeInternalError(e)}`);
    }
  }
  result.durationMs = Math.round(performance.now() - t0);
  return result;
}

function fromFailures(def: CheckDefinition, failures: CheckFailure[], notes: string[], strict: boolean): CheckResult {
  if (!failures.length) return baseResult(def, 'pass', notes.join('; ') || undefined);
  const r = baseResult(def, gradeFailure(def.level, strict, def.advice), failures.map((f) => f.message).join('; '));
  const first = failures[0]!;
  if (first.expected) r.expected = first.expected;
  const actuals = failures.map((f) => f.actual).filter((a): a is string => !!a);
  if (actuals.length) r.actual = [...new Set(actuals)].join(' | ');
  const hint = failures.find((f) => f.hint)?.hint;
  if (hint) r.hint = hint;
  const ev = [...new Set(failures.flatMap((f) => f.evidence ?? []))].sort((a, b) => a - b);
  if (ev.length) r.evidence = ev;
  return r;
}
