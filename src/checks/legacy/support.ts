/** Plumbing the 2025-era checks share: their SpecRef, one 2025 session per target, and one memoised tools listing. */
import type { SpecRef } from '../../core/types.js';
import { MODERN_VERSION } from '../../spec/constants.js';
import { validateLegacyResponse, type WireIssue } from '../../spec/legacy/index.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import { HttpTransport } from '../../target/http.js';
import { LegacySession, withLegacySession, type LegacyChannel, type LegacySessionOptions } from '../../target/legacy-session.js';
import type { Exchange } from '../../target/transport.js';
import { toolsFrom, type ToolInfo } from '../support/tools.js';
import type { CheckContext } from '../types.js';
import { arr } from '../../spec/read.js';
import type { SharedState } from '../shared.js';
import { endCopy, spareCopy } from '../stdio/support.js';

/** A requirement of the 2025 era, retired (with the handshake) by 2026-07-28. */
export function legacySpec(section: string, quote: string, since = '2025-11-25'): SpecRef {
  return { revision: { since, until: MODERN_VERSION }, section, quote };
}

function options(t: CheckContext, phase: string, protocolVersion?: string): LegacySessionOptions {
  const signal = t.client.defaults.signal;
  return {
    phase,
    timeoutMs: t.timeouts.request,
    startupTimeoutMs: t.timeouts.respawnStartup,
    ...(protocolVersion ? { protocolVersion } : {}),
    ...(signal ? { signal } : {}),
  };
}

/** Traffic of the shared session's handshake, before any one check uses it. */
const SHARED_PHASE = 'shared';
const sessions = new WeakMap<object, Promise<LegacySession | undefined>>();

/**
 * The target's shared 2025 session (one process on stdio, not one per check), opened on first use and closed when
 * the run's checks have ended. A session a server dropped is not handed on: the next check opens a fresh one.
 */
async function sharedSession(t: CheckContext): Promise<LegacySession | undefined> {
  const s = await openedShared(t);
  return s.transport.deadReason === undefined ? s : undefined;
}

/** The shared session, alive or not: its handshake stays an observation either way. The adopted one, if it opened. */
async function openedShared(t: CheckContext): Promise<LegacySession> {
  const adopted = await sessions.get(t.shared);
  return (
    adopted ??
    t.shared.once('legacy:shared-session', () => {
      const opening = LegacySession.open(t.spec, t.client.recorder, options(t, SHARED_PHASE)).then((s) => orRunConnection(t, s));
      t.shared.onClose(async () => (await opening.catch(() => undefined))?.close());
      return opening;
    })
  );
}

/**
 * A fresh session the server refused, over HTTP, while the run's own connection is the 2025 session the era probe
 * opened: the checks go on in that one (a server may hold one session per process), and the refused one is closed.
 */
async function orRunConnection(t: CheckContext, fresh: LegacySession): Promise<LegacySession> {
  const run = t.client.transport;
  const init = t.probe.legacyInitExchange;
  if (fresh.ready || !errorOf(fresh.init) || !init || !(run instanceof HttpTransport) || !run.speaks2025() || run.deadReason !== undefined) return fresh;
  await fresh.close().catch(() => undefined);
  return LegacySession.onRunConnection(run, init, fresh.init, options(t, SHARED_PHASE));
}

/**
 * The fresh 2025 handshake the server refused when the shared session is the run's own connection: a check that
 * needs a session of its own cannot tell a refusal of what it asks from the refusal of any second session.
 */
export async function freshSessionRefused(t: CheckContext): Promise<Exchange | undefined> {
  return (await openedShared(t)).refusedFresh;
}

/**
 * The run's shared 2025 session is one already open or opening (the dual-era detection's, or a 2025-era server's
 * handshake begun with the run): closed with the shared state. When it does not open, the first check opens one.
 */
export function adoptSharedSession(shared: SharedState, session: LegacySession | Promise<LegacySession | undefined>): void {
  const p = Promise.resolve(session);
  sessions.set(shared, p);
  shared.onClose(async () => (await p)?.close());
}

/**
 * Runs `f` in a 2025 session; raw: the handshake may have failed. With a `protocolVersion` the check negotiates on
 * purpose, so it gets a fresh session of its own, always closed afterwards; otherwise the shared one.
 */
export async function rawSession<T>(t: CheckContext, f: (s: LegacyChannel) => Promise<T>, protocolVersion?: string): Promise<T> {
  const shared = protocolVersion === undefined ? await sharedSession(t) : undefined;
  if (shared) return f(shared.forPhase(t.checkId));
  const untouched = await spareCopy(t.shared, t.spec, t.client.recorder, 'legacy-copy');
  return withLegacySession(t.spec, t.client.recorder, options(t, t.checkId, protocolVersion), f, untouched, (s) =>
    endCopy(t.shared, s.transport, () => s.close()),
  );
}

/**
 * Runs `f` on an answered `initialize` that asked for `protocolVersion` as the first message of an untouched process
 * (or HTTP session). The shared session's handshake is one when it asked for that version (the same request, the same
 * untouched state): it is judged again, marked as shared in the wire record, instead of starting the server once more.
 */
export async function handshakeAsking<T>(t: CheckContext, protocolVersion: string, f: (s: LegacyChannel) => Promise<T>): Promise<T> {
  const shared = await openedShared(t);
  if (shared.requested !== protocolVersion || shared.init.response === undefined) return rawSession(t, f, protocolVersion);
  t.client.recorder.share(shared.init.evidence, t.checkId);
  return f(shared.forPhase(t.checkId));
}

/** Like rawSession, but a failed handshake stops the check as inconclusive: the requirement could not be reached. */
export function session<T>(t: CheckContext, f: (s: LegacyChannel) => Promise<T>, protocolVersion?: string): Promise<T> {
  return rawSession(
    t,
    async (s) => {
      if (!s.ready) t.inconclusive(`the 2025 session could not be opened: initialize got ${describe(s.init)}`, s.init.evidence);
      return f(s);
    },
    protocolVersion,
  );
}

/** Whether the initialize result advertises a server capability (2025-11-25 basic/lifecycle "Capability Negotiation"). */
export function advertises(s: LegacyChannel, cap: string): boolean {
  const caps = s.initResult?.capabilities;
  return !!caps && typeof caps === 'object' && cap in caps;
}

export interface LegacyListing {
  /** Set when the session did not open; nothing else is then meaningful. */
  notReady?: Exchange;
  offersTools: boolean;
  pages: Exchange[];
  tools: ToolInfo[];
  /** Every listed item, as sent (malformed ones included). */
  items: unknown[];
  broken?: Exchange;
}

const MAX_PAGES = 20;
const listings = new WeakMap<object, Promise<LegacyListing>>();

/** tools/list in a 2025 session, every page, made once per target and shared by the checks that judge it. */
export function legacyTools(t: CheckContext): Promise<LegacyListing> {
  let p = listings.get(t.shared);
  if (!p) {
    p = rawSession(t, async (s) => {
      const out: LegacyListing = { offersTools: advertises(s, 'tools'), pages: [], tools: [], items: [] };
      if (!s.ready) return { ...out, notReady: s.init };
      if (!out.offersTools) return out;
      let cursor: string | undefined;
      for (let i = 0; i < MAX_PAGES; i++) {
        const ex = await s.request('tools/list', cursor ? { cursor } : {});
        out.pages.push(ex);
        const r = resultOf(ex);
        const tools = arr(r?.tools);
        if (!r || !tools) return { ...out, broken: ex };
        out.items.push(...tools);
        if (typeof r.nextCursor !== 'string' || !r.nextCursor) break;
        cursor = r.nextCursor;
      }
      return { ...out, tools: toolsFrom(out.items) };
    });
    listings.set(t.shared, p);
  }
  return p;
}

/** The listing for a check that needs tools: stops as inconclusive or precondition-failed when there are none. */
export async function listedTools(t: CheckContext): Promise<LegacyListing> {
  const l = await legacyTools(t);
  if (l.notReady) t.inconclusive(`the 2025 session could not be opened: initialize got ${describe(l.notReady)}`, l.notReady.evidence);
  if (!l.offersTools) t.skip('the initialize result does not advertise the tools capability (an optional capability)');
  if (l.broken && !l.items.length) t.inconclusive(`tools/list did not return tools: ${describe(l.broken)}`, l.broken.evidence);
  if (!l.items.length) t.precondition('the server lists no tools');
  return l;
}

/** Issues of a response to a 2025-era request against our 2025-11-25 model. */
export function shapeIssues(method: string, ex: Exchange): WireIssue[] {
  return ex.response ? validateLegacyResponse(method, ex.response) : [];
}

export function listIssues(issues: readonly WireIssue[], max = 6): string {
  return (
    issues
      .slice(0, max)
      .map((i) => `${i.path || '/'}: ${i.message}`)
      .join('; ') + (issues.length > max ? `; … ${issues.length - max} more` : '')
  );
}
