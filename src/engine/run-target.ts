import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { takeUnended } from '../target/children.js';
import type { TargetSpec } from '../core/target-spec.js';
import type { CheckResult, TargetDescription, TargetReport } from '../core/types.js';
import { Masker, secretsInvoked } from '../core/mask.js';
import { sharedAjvPool } from '../core/json-schema.js';
import { preloadWireValidators } from '../spec/wire/index.js';
import { summarize } from '../core/summary.js';
import { adoptSharedSession, adoptSpareCopies, checkEras, SharedState, SpareCopies, type CheckDefinition } from '../checks/index.js';
import { McpClient } from '../target/client.js';
import { probeEra } from '../target/probe.js';
import { WireRecorder } from '../target/recorder.js';
import { WireAudit } from '../target/wire-audit.js';
import { ownEofWait, reviseByOwnProcess } from './own-shutdown.js';
import { StdioTransport } from '../target/stdio.js';
import type { Transport } from '../target/transport.js';
import { openTransport } from '../target/open.js';
import { releaseHeadStart } from '../target/head-start.js';
import { releaseSentAhead } from '../target/http-head-start.js';
import { baseResult, runCheck, type CheckEnv } from './run-check.js';
import { catalogueInput } from './catalogue.js';
import { contractsStep, hasExamples } from './contracts-step.js';
import { ContractsBeside } from './contracts-beside.js';
import { EARLY_CONTRACTS_BELOW, EarlyContracts } from './contracts-early.js';
import { startOrder } from './schedule.js';
import type { ReportSection } from '../core/types.js';
import type { ProbeOutcome } from '../target/probe.js';
import { BegunHandshake, detectDualEra } from '../target/dual-era.js';
import type { LegacySession } from '../target/legacy-session.js';
import { Deadline } from '../target/deadline.js';
import { deriveTimeouts } from '../core/timeouts.js';
import { migrationSection } from './migration.js';
import { adviceSection } from './advice.js';
import { maskReport } from './mask-report.js';
import { sseEndpointOf, sseEndpointReason } from '../target/sse-sniff.js';

/** Each polite wait when stopping a server after the deadline passed (stdio: EOF, SIGTERM, SIGKILL: three of them). */
export const SHUTDOWN_GRACE_AFTER_DEADLINE_MS = 400;

/**
 * From this many tools the catalogue half of the contracts analysis runs on a worker thread beside the checks, when
 * the machine has a core for it besides the run's own and a local server's: on 2 cores it took CPU from the checks
 * (longer event-loop stalls with requests in flight) and added its heap to theirs, for about 0.2 s of wall time.
 */
const CONTRACTS_BESIDE_FROM = availableParallelism() > 2 ? 500 : Number.POSITIVE_INFINITY;

export type { TargetRunOptions } from './target-options.js';
import type { TargetRunOptions } from './target-options.js';

export function describeTarget(spec: TargetSpec, masker: Masker): TargetDescription {
  if (spec.kind === 'http') {
    let display = spec.url;
    try {
      const u = new URL(spec.url);
      if (u.password) u.password = '***';
      display = u.toString();
    } catch {
      /* shown as given */
    }
    return { kind: 'http', display: masker.text(display), ...(spec.name ? { name: spec.name } : {}) };
  }
  const display = [spec.command, ...spec.args].map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ');
  return { kind: 'stdio', display: masker.text(display), ...(spec.name ? { name: spec.name } : {}) };
}

/** Synchronous work deferred two turns of the event loop, so that the requests just made connect and go out first. */
const afterSend = (work: () => void): void => void setImmediate(() => setImmediate(work));

/** Probe, run the selected checks, close: one TargetReport, whatever the server does. */
export async function assayTarget(spec: TargetSpec, o: TargetRunOptions): Promise<TargetReport> {
  const t0 = performance.now();
  const masker = new Masker();
  for (const v of Object.values(spec.kind === 'http' ? (spec.headers ?? {}) : {})) masker.add(v);
  for (const v of secretsInvoked(spec.kind === 'http' ? { url: spec.url } : { args: spec.args })) masker.add(v);
  for (const v of Object.values(o.auth ?? {})) masker.add(v);
  const recorder = new WireRecorder(masker, undefined, new WireAudit());
  const timeouts = deriveTimeouts(o, spec.kind);
  const deadline = new Deadline(timeouts.runDeadline, 'end of the run');
  // Every request in flight listens for the run's deadline; with concurrent checks that is more than the default 10.
  setMaxListeners(0, deadline.signal);
  // Every wait is bounded by what is left of the run's deadline (deadline.left), not only by its own timeout.
  const transport = openTransport(spec, recorder);
  const client = new McpClient(transport, recorder, { timeoutMs: timeouts.request, signal: deadline.signal });
  const report: TargetReport = {
    target: describeTarget(spec, masker),
    era: 'unknown',
    eraReason: '',
    outcome: 'completed',
    results: [],
    summary: summarize([]),
    wire: recorder.entries,
    wireDropped: 0,
    durationMs: 0,
  };
  let probe: ProbeOutcome | undefined;
  // The dual-era detection's 2025 session, kept for the 2025-era checks until the shared state adopts it.
  let kept: LegacySession | Promise<LegacySession | undefined> | undefined;
  // A modern server's answer to the 2025 handshake, while it is asked: the checks that depend on it wait for it.
  let dualEra: Promise<boolean> | undefined;
  const legacyChecks = o.checks.some((c) => c.eras?.includes('legacy'));
  // stdio: copies some checks need untouched start once the server answered (not competing with its own start).
  let spares: SpareCopies | undefined;
  // The 2025 session and the copies the checks shared end while the catalogue is analysed, not before.
  let sharedClosing: Promise<void> | undefined;
  // stdio: once the checks and the catalogue are done with the run's own process, it ends while the analysis runs.
  let closing: Promise<void> | undefined;
  // Ends the run's own connection or process within the deadline's grace: each polite wait is bounded by what is left
  // of the deadline (short once it passed), and the exit-on-EOF witness gets its full bound only when that fits.
  const closeOwn = (): Promise<void> => {
    if (deadline.expired) return transport.close(SHUTDOWN_GRACE_AFTER_DEADLINE_MS);
    const eof = ownEofWait(report.results);
    return transport.close(Math.max(SHUTDOWN_GRACE_AFTER_DEADLINE_MS, deadline.left(2000)), eof === undefined ? undefined : deadline.left(eof));
  };
  const serverDone = () => {
    if (spec.kind === 'stdio' && !o.session) closing ??= closeOwn();
  };
  // A large catalogue's contracts analysis, begun on a worker thread while the checks run.
  let beside: ContractsBeside | undefined;
  const begun = legacyChecks ? BegunHandshake.begin(spec, recorder, deadline.left(timeouts.startup), timeouts.request, deadline.signal) : undefined;
  // Ajv loads on first use (about 0.1 s of synchronous work), ahead of it: with checks to run, once the listen windows
  // are open (below), so it is off the path from the probe to the windows; for a catalogue-only run, while the probe
  // is out. It warms in parts with a turn of the event loop between them. Runs that judge no schema never load it.
  const warmAjv = () => afterSend(() => void sharedAjvPool.warm('2020-12', () => new Promise((resolve) => setImmediate(resolve))));
  if (!o.checks.length && o.contracts !== false) warmAjv();
  // With checks to run, the wire audit judges (and loads its validators, about 20 ms) once the listen windows are open,
  // as Ajv sets up then: a window starts when its first message is read, which would wait behind either. Without
  // checks the probe's answer is judged at once, and the validators load while the probe is out.
  if (o.checks.length) recorder.audit?.hold();
  else if (recorder.audit) afterSend(preloadWireValidators);
  const windowsOpen = () =>
    afterSend(() => {
      recorder.audit?.release();
      warmAjv();
    });
  try {
    probe = await probeEra(client, deadline.left(timeouts.startup));
    // A modern server's own process also takes errors/version-every-request's first question, before any check.
    if (!probe.unreachable) spares = SpareCopies.begin(spec, recorder, o.checks, probe.era === 'modern' ? client : undefined);
    // Whatever the server sent before this (the probe's answer, a notification at start) is judged by this era too.
    if (recorder.audit) recorder.audit.era = probe.era === 'legacy' ? 'legacy' : 'modern';
    Object.assign(report, {
      era: probe.era,
      eraReason: probe.reason,
      ...(probe.server ? { server: probe.server } : {}),
      ...(probe.supportedVersions ? { supportedVersions: probe.supportedVersions } : {}),
      ...(probe.protocolVersion ? { protocolVersion: probe.protocolVersion } : {}),
    });
    if (probe.era === 'modern' && !probe.unreachable && legacyChecks) {
      // A second copy (stdio) or the running target (HTTP): not a first start; and never more than half the run,
      // so a server silent on initialize cannot leave the modern checks no time. Not awaited: the checks that do
      // not depend on the answer (the listen windows first) start on the run's own process meanwhile.
      let taken: LegacySession | undefined;
      dualEra = detectDualEra(spec, recorder, deadline.left(Math.min(timeouts.respawnStartup, timeouts.runDeadline / 2)), deadline.signal, {
        requestTimeoutMs: timeouts.request,
        take: (s) => (taken = s),
        begun,
      }).then((served) => {
        probe!.dualEra = served;
        if (served) report.eraReason += '; also serves the 2025-era initialize handshake (dual-era: both eras tested)';
        return served;
      });
      kept = dualEra.then(() => taken);
    }
    // Not awaited: the checks start while a 2025-era server's begun handshake is still being answered.
    else kept = begun?.keepIf(probe.era === 'legacy' && !probe.unreachable);
    // A URL that refused every handshake with a 4xx: an old HTTP+SSE endpoint is named as such (it needs another
    // URL, not a fix). Asked only of a server that answers, and briefly: its stream opens at once.
    const refusedWith = probe.discoverExchange?.http?.status ?? 0;
    if (
      probe.era === 'unknown' &&
      probe.unreachable &&
      spec.kind === 'http' &&
      refusedWith >= 400 &&
      refusedWith < 500 &&
      !transport.correlation &&
      !deadline.expired
    ) {
      const endpoint = await sseEndpointOf(spec, recorder, { timeoutMs: deadline.left(timeouts.sseSniff), readMs: timeouts.sseSniffRead });
      if (endpoint !== undefined) report.eraReason = probe.unreachable = sseEndpointReason(endpoint);
    }
    // A broken id is a finding, not an unreachable server: the checks run (and stop at once, inconclusive).
    if (probe.unreachable && transport.correlation) {
      delete probe.unreachable;
      report.eraReason = `undecided: ${transport.correlation.reason}`;
    }
    if (deadline.expired) {
      report.outcome = 'inconclusive';
      report.outcomeReason = `the overall deadline (${timeouts.runDeadline} ms) passed before the checks could start`;
    } else if (probe.unreachable) {
      report.outcome = 'inconclusive';
      report.outcomeReason = probe.unreachable;
    } else {
      const env: CheckEnv = {
        spec,
        client,
        probe,
        // What the checks share (the lists, the catalogue) is read as a client of the server's own era.
        shared: new SharedState(probe.era === 'legacy' ? client.in2025Session() : client, probe, o),
        options: o,
        strict: o.strict,
        // A check starting late still gets its budget, unless the run's deadline comes first.
        timeouts: { ...timeouts, checkBudget: deadline.left(timeouts.checkBudget) },
        requireModern: o.requireModern ?? false,
      };
      if (kept) adoptSharedSession(env.shared, kept);
      if (spares) adoptSpareCopies(env.shared, spares);
      kept = undefined;
      const besideFrom = o.contractsBesideFrom ?? CONTRACTS_BESIDE_FROM;
      if (o.checks.length && o.contracts !== false && !o.capture && !hasExamples(o))
        beside = new ContractsBeside(env.shared.whenAsked('tools/list'), () => catalogueInput(env.shared, env.probe), o.contracts, recorder.masker, besideFrom);
      const early =
        o.checks.length && o.contracts !== false && !o.capture && !hasExamples(o)
          ? new EarlyContracts(env.shared, probe, recorder.masker, o.contracts, Math.min(EARLY_CONTRACTS_BELOW, besideFrom))
          : undefined;
      try {
        report.results = await runAll(o.checks, env, transport, deadline.signal, o.concurrency, { windowsOpen, windowsOnly: () => early?.begin(), dualEra });
        await dualEra;
      } finally {
        recorder.audit?.release();
        sharedClosing = env.shared.close();
      }
      if ((o.contracts !== false || o.capture) && !deadline.expired && transport.deadReason === undefined) {
        const thread = beside && { thread: beside, waitMs: deadline.left(timeouts.runDeadline) };
        const { section, problems } = await contractsStep(env, probe, recorder, o, (d) => (report.catalogue = d), thread, serverDone, early);
        if (section) (report.sections ??= []).push(section);
        // A catalogue-only run (contracts, snapshot, diff) that could not read the catalogue has no verdict.
        if (!o.checks.length && problems.length)
          Object.assign(report, { outcome: 'inconclusive', outcomeReason: `the catalogue could not be read: ${problems.join('; ')}` });
      }
      if (o.session && !deadline.expired && transport.deadReason === undefined)
        await o.session({ spec, client, probe, shared: env.shared, recorder, signal: deadline.signal, options: o, timeouts });
    }
  } finally {
    // Copies nobody used were never asked anything: ended with the short grace, alongside the run's own process.
    // So are copies the CLI started ahead that no transport took (target/head-start.ts).
    const unused = Promise.all([
      begun?.keepIf(false),
      spares?.close(SHUTDOWN_GRACE_AFTER_DEADLINE_MS),
      releaseHeadStart(SHUTDOWN_GRACE_AFTER_DEADLINE_MS),
      releaseSentAhead(),
    ]);
    // A run that never reached its checks still ends the dual-era question (bounded by its own wait) and its copy.
    await (await kept)?.close().catch(() => undefined);
    await sharedClosing;
    await beside?.close();
    deadline.dispose();
    // Past the deadline (which may pass while the copies above close), stopping the server gets a short grace
    // (README: "Deadlines"), not the polite one; a close begun before the analysis already ran alongside them.
    await Promise.all([closing ?? closeOwn(), unused]);
  }
  if (transport instanceof StdioTransport) {
    reviseByOwnProcess(report.results, transport.closedBy, o.strict);
    const err = transport.stderrText();
    if (err) report.stderr = err;
  }
  const unended = takeUnended();
  if (unended.length) report.processesLeft = unended;
  const extra = [migrationSection(report), probe ? adviceSection(report, probe) : undefined].filter((x): x is ReportSection => x !== undefined);
  if (extra.length) report.sections = [...(report.sections ?? []), ...extra];
  report.wireDropped = recorder.dropped;
  report.summary = summarize(report.results);
  report.durationMs = Math.round(performance.now() - t0);
  // Last line of defence: whatever a check quoted (messages, actual values, findings, keys) leaves masked.
  return maskReport(masker, report, (e) => recorder.maskedAsNow(e));
}

/** Checks that cannot start before the dual-era answer: their grading (2025-era only) or their verdict reads it. */
const awaitsDualEra = (c: CheckDefinition): boolean => c.readsDualEra === true || !checkEras(c).includes('modern');

async function runAll(
  checks: readonly CheckDefinition[],
  env: CheckEnv,
  transport: Transport,
  deadline: AbortSignal,
  concurrency: number,
  hooks: {
    /** Called once every listen window is open (or its check ended; at once when none runs, at the latest after 1 s). */
    windowsOpen: () => void;
    /** Called once when only window-bound checks are left running (the run then waits on the clock). */
    windowsOnly: () => void;
    /** The dual-era answer, when it is still to come: the checks that read it wait for it, the rest start at once. */
    dualEra?: Promise<boolean>;
  },
): Promise<CheckResult[]> {
  const results = new Map<string, CheckResult>();
  // Says how long the run had and how to give it more: a slow server's run ends here, not on a verdict.
  const passed = `the overall deadline (${env.timeouts.runDeadline} ms; raise it with --deadline) passed`;
  const stopped = (def: CheckDefinition): CheckResult | undefined => {
    if (deadline.aborted) return baseResult(def, 'error', `not run: ${passed}`);
    if (transport.deadReason !== undefined) return baseResult(def, 'error', `not run: the server stopped answering (${transport.deadReason})`);
    if (transport.correlation && !def.runsLast)
      return { ...baseResult(def, 'inconclusive', `not run: ${transport.correlation.reason} (see wire/id-correlation)`), sameCauseAs: 'wire/id-correlation' };
    return undefined;
  };
  // A check still running when the deadline passes is reported as such at once; its own waits end with the signal.
  const cutOff = new Promise<'deadline'>((resolve) =>
    deadline.aborted ? resolve('deadline') : deadline.addEventListener('abort', () => resolve('deadline'), { once: true }),
  );
  // `started`: the run of a check begun ahead of its turn, taken now (or dropped, if the run stopped meanwhile).
  const runOne = async (def: CheckDefinition, started?: Promise<CheckResult>) => {
    const pre = stopped(def);
    const raced = pre ?? (await Promise.race([started ?? runCheck(def, env), cutOff]));
    const r = raced === 'deadline' ? baseResult(def, 'error', `not finished: ${passed}`) : raced;
    // A check cut short by the server dying says so, rather than a bare "inconclusive".
    if (r.status === 'inconclusive' && transport.deadReason !== undefined)
      r.message = `${r.message ?? ''} (the server stopped answering: ${transport.deadReason})`.trim();
    // A check cut short by the broken id is inconclusive with that reason, whatever it concluded from the failure.
    else if (
      transport.correlation &&
      !def.runsLast &&
      r.checkId !== 'wire/id-correlation' &&
      r.status !== 'pass' &&
      r.status !== 'skip' &&
      !r.message?.includes('see wire/id-correlation')
    )
      Object.assign(r, {
        status: 'inconclusive',
        message: `cut short: ${transport.correlation.reason} (see wire/id-correlation)`,
        sameCauseAs: 'wire/id-correlation',
      });
    results.set(def.id, r);
  };
  const first = checks.filter((c) => !c.runsLast);
  const last = checks.filter((c) => c.runsLast);
  // Over HTTP the run-last checks that can send their requests early do so once only the listen windows are left
  // (or none), and judge at their turn; until then the checks before them judge the wire without their entries.
  const ahead = transport.kind === 'http' ? last.filter((c) => c.startsEarlyOverHttp) : [];
  const begun = new Map<string, { result: Promise<CheckResult>; go: () => void }>();
  const judgedLater = new Set<string>();
  env.judgedLater = judgedLater;
  const startAhead = (): void => {
    for (const def of ahead) {
      if (begun.has(def.id) || stopped(def)) continue;
      let go!: () => void;
      const turn = new Promise<void>((resolve) => (go = resolve));
      judgedLater.add(def.id);
      begun.set(def.id, { result: runCheck(def, env, turn), go });
    }
  };
  const waiting = hooks.dualEra ? startOrder(first.filter(awaitsDualEra)) : [];
  const queue = startOrder(first.filter((c) => !waiting.includes(c)));
  let windowsLeft = first.filter((c) => c.holdsWindow).length;
  let othersLeft = first.length - windowsLeft;
  // The run's set-up work waits until every window is open (each opens when its first message is read), within 1 s.
  const opening = new Set(first.filter((c) => c.holdsWindow).map((c) => c.id));
  let told = false;
  let markOpen!: () => void;
  const everyOpen = new Promise<void>((resolve) => (markOpen = resolve));
  const allOpen = (): void => {
    if (told) return;
    told = true;
    clearTimeout(bound);
    markOpen();
    hooks.windowsOpen();
  };
  const opened = (id: string): void => {
    if (opening.delete(id) && !opening.size) allOpen();
  };
  const bound = setTimeout(allOpen, 1000).unref();
  env.shared.onWindowOpened(opened);
  if (!opening.size) allOpen();
  // Once answered, the waiting checks go ahead of the rest: they run on other processes, the run's longest chain.
  let joined = !waiting.length;
  const joining = joined ? undefined : hooks.dualEra!.catch(() => false).then(() => void ((joined = true), queue.unshift(...waiting)));
  // Over HTTP the other checks start once every window is open: an acknowledgement read behind their burst of
  // requests would open its window, and end it, that much later.
  const gated = transport.kind === 'http';
  const worker = async () => {
    for (;;) {
      const def = queue.shift();
      if (def) {
        if (gated && !def.holdsWindow) await everyOpen;
        await runOne(def);
        if (def.holdsWindow) {
          windowsLeft--;
          opened(def.id);
        } else if (--othersLeft === 0) {
          startAhead();
          if (windowsLeft > 0) hooks.windowsOnly();
        }
      } else if (joined) return;
      else await joining;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, first.length)) }, worker));
  allOpen();
  startAhead();
  for (const c of last) {
    const early = begun.get(c.id);
    judgedLater.delete(c.id);
    early?.go();
    await runOne(c, early?.result);
  }
  return checks.map((c) => results.get(c.id)!);
}
