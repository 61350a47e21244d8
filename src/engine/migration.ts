/**
 * "Migration to 2026-07-28" for a legacy or dual-era server: one finding per 2026-07-28 check the server failed,
 * saying what to change, plus the removed features it was seen using (DIGEST §a, §i). Derived from the report only.
 */
import type { CheckResult, Finding, ReportSection, TargetReport, WireEntry } from '../core/types.js';
import { MODERN_VERSION } from '../spec/constants.js';
import { CHECKS, checkEras, erasOfSpec } from '../checks/index.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** What to change for each 2026-07-28 requirement, by check id or id prefix (most specific first). */
const CHANGES: [prefix: string, change: string][] = [
  [
    'discover/implemented',
    'Implement server/discover: answer it with supportedVersions (listing 2026-07-28), capabilities, serverInfo in _meta, ttlMs and cacheScope.',
  ],
  ['discover/supported-versions', 'List 2026-07-28 in the supportedVersions of server/discover.'],
  ['discover/capabilities-match', 'Advertise in server/discover exactly the capabilities you serve; an unadvertised method answers -32601.'],
  ['results/result-type', 'Send resultType on every result: "complete", or "input_required" when asking the client for input.'],
  ['caching/', 'Send ttlMs (an integer >= 0) and cacheScope ("public" or "private") on server/discover, every list result and resources/read.'],
  ['resources/read-missing', 'Answer a read of a missing resource with -32602 (data.uri recommended) instead of -32002 or empty contents.'],
  [
    'meta/missing-',
    'Accept per-request _meta on every request (io.modelcontextprotocol/protocolVersion and clientCapabilities), and answer a request without them with -32602.',
  ],
  ['meta/capabilities-per-request', "Read client capabilities from each request's own _meta: nothing carries over from an earlier request."],
  [
    'errors/unsupported-version',
    "Check the protocol version in each request's _meta and answer an unsupported one with -32022 carrying data.supported and data.requested (HTTP 400).",
  ],
  ['errors/version-every-request', 'Check the protocol version in _meta on every request, not only the first, and answer an unsupported one with -32022.'],
  ['errors/unknown-method', 'Answer unknown methods with -32601 (HTTP 404) on the modern wire.'],
  ['errors/code-allocation', 'Send no retired error codes (-32002, -32042) and no undefined codes from the range the spec reserves.'],
  [
    'removed/',
    'Answer the methods 2026-07-28 removed (ping, logging/setLevel, resources/subscribe and unsubscribe; initialize unless you still serve 2025 clients) with -32601 and HTTP 404 on the modern wire.',
  ],
  [
    'http-headers/',
    'Answer Mcp-Method/Mcp-Name header checks: compare the headers with the body and answer a missing or mismatched one with -32020 and HTTP 400.',
  ],
  ['http-transport/no-session-id', 'Mint no Mcp-Session-Id: keep state that spans calls in server-minted handles passed as tool arguments.'],
  ['http-transport/session-id-ignored', 'Ignore an Mcp-Session-Id header on a modern request instead of refusing it.'],
  ['capabilities/', 'Check the client capabilities declared in _meta before asking for input, and answer -32021 when a required one is missing.'],
  ['mrtr/', 'Ask for client input with input_required results (MRTR) instead of server-to-client requests, and finish the retry that brings inputResponses.'],
  [
    'subscriptions/',
    'Serve subscriptions/listen (acknowledge first, tag each notification with its subscription id, honour the filter) instead of the GET stream and resources/subscribe.',
  ],
  ['logging/', 'Send notifications/message only for requests that set _meta io.modelcontextprotocol/logLevel, and only at or above that level.'],
  ['tools/input-schema-object', 'Give every tool an inputSchema whose root is type "object".'],
  ['tools/schema-', 'Make tool schemas valid JSON Schema 2020-12 (or their declared dialect), with same-document $refs only and a bounded size.'],
  ['tools/list-order-stable', 'Return tools/list in a deterministic order.'],
  ['tools/unknown-tool', 'Answer a call to an unknown tool with -32602, not with a tool result.'],
  ['stdio/', 'Write only JSON-RPC messages to stdout (logs go to stderr), and exit when stdin closes.'],
  ['wire/', 'Make every message valid 2026-07-28 wire: resultType, cache hints, retired error codes, no server-to-client requests.'],
];

function changeFor(r: CheckResult, hint?: string): string {
  const hit = CHANGES.find(([p]) => r.checkId === p || r.checkId.startsWith(p));
  if (hit) return hit[1];
  return `Meet "${r.title}"${hint ? `: ${hint}` : '.'}`;
}

/** A 2025-era requirement (its SpecRef ends at 2026-07-28), as opposed to a 2026-07-28 one. */
export const isLegacyCheck = (r: CheckResult): boolean => r.spec.revision.until === MODERN_VERSION;

const BY_ID = new Map(CHECKS.map((c) => [c.id, c]));

/** Whether the requirement exists only in 2026-07-28 (a miss of a 2025-era requirement is a finding already). */
function modernOnly(r: CheckResult): boolean {
  const def = BY_ID.get(r.checkId);
  return !(def ? checkEras(def) : erasOfSpec(r.spec)).includes('legacy');
}

/** A 2026-07-28 requirement the server misses: graded (dual-era, --require) or seen outside its era. */
function modernMiss(r: CheckResult): { status: string; message?: string; hint?: string } | undefined {
  if (!modernOnly(r)) return undefined;
  const seen = r.outsideEra ?? (r.status === 'fail' || r.status === 'warn' ? r : undefined);
  if (!seen || (seen.status !== 'fail' && seen.status !== 'warn')) return undefined;
  return { status: seen.status, ...(seen.message ? { message: seen.message } : {}), ...((r.hint ?? seen.hint) ? { hint: r.hint ?? seen.hint } : {}) };
}

/** removed/<x> checks whose to-do is already the removed-feature finding of the same name. */
const REMOVED_TWIN: Record<string, string> = {
  'removed/ping': 'ping',
  'removed/logging-set-level': 'logging-set-level',
  'removed/resources-subscribe': 'resources-subscribe',
  'removed/resources-unsubscribe': 'resources-subscribe',
  'removed/initialize': 'initialize',
};

/** Messages the server sent, parsed, with where they were recorded. */
export function serverMessages(report: TargetReport): { entry: WireEntry; msg: Json }[] {
  return report.wire.flatMap((entry) => (entry.from === 'server' && isObj(entry.body) ? [{ entry, msg: entry.body }] : []));
}

/** Every InitializeResult the server sent (probe, dual-era detection, 2025-era checks). */
export function initializeResults(report: TargetReport): { entry: WireEntry; result: Json }[] {
  return serverMessages(report).flatMap(({ entry, msg }) => {
    const r = msg.result;
    return isObj(r) && typeof r.protocolVersion === 'string' && isObj(r.capabilities) ? [{ entry, result: r }] : [];
  });
}

/** Whether a method was answered with a result: a harness request and a server response with its id, same phase. */
function answered(report: TargetReport, method: string): number[] {
  const seen: number[] = [];
  const asked = new Map<string, WireEntry>();
  for (const e of report.wire) {
    const b = e.body;
    if (!isObj(b) || !('id' in b)) continue;
    const key = `${e.phase}\u0000${JSON.stringify(b.id)}`;
    if (e.from === 'harness' && b.method === method) asked.set(key, e);
    else if (e.from === 'server' && 'result' in b && asked.has(key)) seen.push(asked.get(key)!.seq, e.seq);
  }
  return seen;
}

/** legacy: only the 2025 handshake; dual: a modern server that also serves it; undefined: modern only. */
export function legacySide(report: TargetReport): 'legacy' | 'dual' | undefined {
  if (report.era === 'legacy') return 'legacy';
  if (report.era !== 'modern') return undefined;
  const ranLegacy = report.results.some((r) => isLegacyCheck(r) && r.status !== 'skip');
  return ranLegacy || initializeResults(report).length ? 'dual' : undefined;
}

const refs = (seqs: number[]): string => (seqs.length ? ` (wire #${[...new Set(seqs)].slice(0, 4).join(', #')})` : '');

function removedFeatures(report: TargetReport, side: 'legacy' | 'dual'): Finding[] {
  // A dual-era server keeps these for 2025 clients on purpose: information, not a to-do.
  const severity: Finding['severity'] = side === 'legacy' ? 'warning' : 'info';
  const out: Finding[] = [];
  const add = (id: string, subject: string, message: string, reason: string) =>
    out.push({ ruleId: `migration/removed-feature/${id}`, severity, subject, message, reason });
  const inits = initializeResults(report);
  const initSeqs = inits.map((i) => i.entry.seq);
  add(
    'initialize',
    'initialize',
    "initialize and notifications/initialized are removed: read the protocol version and client capabilities from each request's _meta and describe the server through server/discover.",
    side === 'legacy' ? `the server speaks only the 2025 handshake${refs(initSeqs)}` : `the server also answers initialize${refs(initSeqs)}`,
  );
  const sessions = report.wire.filter((e) => e.from === 'server' && Object.keys(e.http?.headers ?? {}).some((h) => h.toLowerCase() === 'mcp-session-id'));
  if (sessions.length)
    add(
      'session-id',
      'Mcp-Session-Id',
      'Mcp-Session-Id is removed: keep state that spans calls in server-minted handles passed as tool arguments, and mint no session ids.',
      `responses carried Mcp-Session-Id${refs(sessions.map((e) => e.seq))}`,
    );
  const pings = answered(report, 'ping');
  if (pings.length)
    add('ping', 'ping', 'ping is removed, with no replacement: a 2026-07-28 server answers it with -32601 (HTTP 404).', `ping was answered${refs(pings)}`);
  const setLevel = answered(report, 'logging/setLevel');
  const logging = inits.filter((i) => 'logging' in (i.result.capabilities as Json));
  if (logging.length || setLevel.length)
    add(
      'logging-set-level',
      'logging/setLevel',
      'logging/setLevel is removed: honour the per-request _meta key io.modelcontextprotocol/logLevel, and send no notifications/message without it.',
      logging.length ? `the initialize result advertises logging${refs(logging.map((i) => i.entry.seq))}` : `logging/setLevel was answered${refs(setLevel)}`,
    );
  const subscribable = inits.filter(
    (i) => isObj((i.result.capabilities as Json).resources) && ((i.result.capabilities as Json).resources as Json).subscribe === true,
  );
  const subscribed = answered(report, 'resources/subscribe');
  if (subscribable.length || subscribed.length)
    add(
      'resources-subscribe',
      'resources/subscribe',
      'resources/subscribe and resources/unsubscribe are removed: serve subscriptions/listen with resourceSubscriptions.',
      subscribable.length
        ? `the initialize result advertises resources.subscribe${refs(subscribable.map((i) => i.entry.seq))}`
        : `resources/subscribe was answered${refs(subscribed)}`,
    );
  const pushed = serverMessages(report).filter(({ msg }) => typeof msg.method === 'string' && 'id' in msg);
  if (pushed.length)
    add(
      'server-requests',
      'server-to-client requests',
      'Server-sent JSON-RPC requests are removed: ask for sampling, roots or elicitation with an input_required result (MRTR).',
      `the server sent ${[...new Set(pushed.map((p) => String(p.msg.method)))].join(', ')}${refs(pushed.map((p) => p.entry.seq))}`,
    );
  return out;
}

/** The section, or undefined for a modern-only server (or when there is nothing to say). */
export function migrationSection(report: TargetReport): ReportSection | undefined {
  const side = legacySide(report);
  if (!side) return undefined;
  const removed = removedFeatures(report, side);
  const covered = new Set(removed.map((f) => f.ruleId.replace('migration/removed-feature/', '')));
  // One to-do per change: checks that ask for the same change are listed together, once.
  const byChange = new Map<string, { results: CheckResult[]; seen: string[] }>();
  for (const r of report.results) {
    const miss = modernMiss(r);
    if (!miss || covered.has(REMOVED_TWIN[r.checkId] ?? '')) continue;
    const change = changeFor(r, miss.hint);
    const g = byChange.get(change) ?? { results: [], seen: [] };
    g.results.push(r);
    if (miss.message) g.seen.push(`${r.checkId}: ${miss.message.slice(0, 160)}`);
    byChange.set(change, g);
  }
  const gaps = [...byChange].map<Finding>(([change, g]) => ({
    ruleId: `migration/${g.results[0]!.checkId}`,
    // Ranks the to-do list: a MUST of 2026-07-28 first.
    severity: g.results.some((r) => r.level === 'MUST') ? 'warning' : 'info',
    subject: g.results.map((r) => r.checkId).join(', '),
    message: change,
    reason: `${g.results.map((r) => `${r.level}: ${r.title}`).join('; ')}${g.seen.length ? ` — seen: ${g.seen.join('; ').slice(0, 400)}` : ''}`,
  }));
  const findings = [...gaps, ...removed];
  return findings.length ? { id: 'migration', title: `Migration to ${MODERN_VERSION}`, findings } : undefined;
}
