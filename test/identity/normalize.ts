/**
 * What "the same report" means: everything a user reads, minus what changes from run to run on its own (clocks,
 * ports, temp paths, session ids, JSON-RPC ids and the interleaving of concurrent checks on the wire).
 */
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Keys whose values are clocks or run-local counters. */
const CLOCK_KEYS = new Set(['startedAt', 'finishedAt', 'durationMs', 'atMs', 'ms', 'elapsedMs', 'latencyMs', 'generatedAt', 'at', 'date', 'pid']);
/** Headers that differ per run. */
const VOLATILE_HEADERS = new Set(['date', 'mcp-session-id', 'content-length', 'keep-alive', 'connection', 'etag', 'x-request-id']);

export interface NormalizeContext {
  repo: string;
  tmp: string[];
}

function text(s: string, c: NormalizeContext): string {
  let out = s;
  for (const t of c.tmp) out = out.split(t).join('<TMP>');
  // The Node that runs the test starts the CLI and the stdio servers: npm scripts may put another Node first on PATH.
  out = out.split(process.execPath).join('<NODE>');
  out = out.split(c.repo).join('<REPO>');
  return (
    out
      .replace(/(127\.0\.0\.1|localhost|\[::1\]):\d+/g, '$1:<PORT>')
      .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z\b/g, '<TIME>')
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<UUID>')
      .replace(/\b\d+(\.\d+)? ?(ms|s)\b/g, '<DURATION>')
      .replace(/\bpid \d+/g, 'pid <PID>')
      .replace(/\b00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]\b/g, '<TRACEPARENT>')
      .replace(/\b[0-9a-f]{32}\b/g, '<TRACE-ID>')
      .replace(/\b(mcp-assay-(?:no-such-task|invalid-cursor|no-such-prompt|no-such-tool))-[0-9a-z]+/g, '$1-<NONCE>')
      .replace(/mcp-assay-missing\/[0-9a-z]+/g, 'mcp-assay-missing/<NONCE>')
      .replace(/#\d+/g, '#<SEQ>')
      // How many messages share one wire problem counts notifications too, which arrive in listen windows.
      .replace(/ and \d+ more\]/g, ' and <COUNT> more]')
      .replace(/\btagged \d+/g, 'tagged <ID>')
      // How many messages arrive within a listen window, or in all, is a matter of timing.
      .replace(/\b\d+ (of \d+ )?(server messages?|notification\(s\)|stream message\(s\)|server message\(s\))/g, '<COUNT> $1$2')
      .replace(/\bof \d+ (server messages?)/g, 'of <COUNT> $1')
  );
}

function walk(v: Json, c: NormalizeContext, parentKey = ''): Json {
  if (typeof v === 'string') return text(v, c);
  if (Array.isArray(v)) return v.map((x) => walk(x, c, parentKey));
  if (v && typeof v === 'object') {
    const out: Record<string, Json> = {};
    for (const k of Object.keys(v).sort()) {
      if (CLOCK_KEYS.has(k)) continue;
      if (parentKey === 'headers' && VOLATILE_HEADERS.has(k.toLowerCase())) continue;
      out[k] = walk(v[k]!, c, k);
    }
    return out;
  }
  return v;
}

/** What a cited wire exchange is (who sent it, over what, which method or outcome), without its place in the interleaving. */
function exchangeLabel(e: Record<string, Json>): string {
  const b = (e.body ?? {}) as Record<string, Json>;
  const http = (e.http ?? {}) as Record<string, Json>;
  const what =
    typeof b.method === 'string' ? b.method : 'error' in b ? `error ${JSON.stringify((b.error as Record<string, Json>)?.code)}` : 'result' in b ? 'result' : '';
  // A server message's phase is whichever check was running when it arrived: attribution, not content.
  const phase = e.from === 'harness' ? e.phase : undefined;
  // Scalars only (an object would print as JSON, never as "[object Object]").
  return [e.from, e.channel, phase, http.method, http.status, what]
    .filter((x) => x !== undefined && x !== '')
    .map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)))
    .join(' ');
}

function target(t: Record<string, Json>, c: NormalizeContext): Json {
  const wire = (Array.isArray(t.wire) ? t.wire : []) as Record<string, Json>[];
  const bySeq = new Map<number, string>();
  for (const e of wire) bySeq.set(e.seq as number, exchangeLabel(e));
  const results = (Array.isArray(t.results) ? (t.results as Record<string, Json>[]) : [])
    // Evidence is kept as the kinds of message cited (not how many: listen windows catch a varying number).
    .map((r): Record<string, Json> => ({
      ...r,
      ...(Array.isArray(r.evidence) ? { evidence: [...new Set((r.evidence as number[]).map((s) => bySeq.get(s) ?? 'missing'))].sort() } : {}),
    }))
    .sort((a, b) => (a.checkId as string).localeCompare(b.checkId as string));
  const { wire: _w, results: _r, ...rest } = t;
  // The wire record itself is left out: its interleaving and the notifications caught in each window are timing.
  return walk({ ...rest, results, wireExchanges: wire.length > 0 }, c);
}

/** A report (check or eval), normalized; other JSON documents (catalogues, diffs) get the generic treatment. */
export function normalizeReport(doc: unknown, c: NormalizeContext): Json {
  const d = doc as Record<string, Json>;
  if (d && Array.isArray(d.targets)) return walk({ ...d, targets: (d.targets as Record<string, Json>[]).map((t) => target(t, c)) }, c);
  return walk(d, c);
}
