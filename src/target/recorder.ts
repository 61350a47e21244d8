import type { WireEntry } from '../core/types.js';
import { Masker } from '../core/mask.js';
import type { WireAudit } from './wire-audit.js';

export interface RecorderLimits {
  /** Total bytes of raw text kept across all entries. */
  maxBytes: number;
  /** Bytes kept of one message's raw text. */
  maxEntryBytes: number;
  /** Entries kept before a server message that answers no request is only counted (a flood cannot fill memory). */
  maxEntries: number;
}

export const DEFAULT_RECORDER_LIMITS: RecorderLimits = { maxBytes: 4 * 1024 * 1024, maxEntryBytes: 64 * 1024, maxEntries: 20_000 };

/** `at`: when it happened (performance.now()), for a message recorded after the fact; else now. */
type NewEntry = Omit<WireEntry, 'seq' | 'atMs' | 'body' | 'raw' | 'truncated'> & { text?: string; json?: unknown; at?: number };

/**
 * Keeps every message in and out as evidence: timed, tagged by origin, masked, capped.
 * Past the byte cap, entries are still numbered (so evidence references stay valid) but their bodies are dropped;
 * past the entry cap, what the server sends that answers no request (a flood of notifications or stray lines) is
 * numbered and counted but not kept, while our requests and the server's answers still are.
 */
export class WireRecorder {
  readonly entries: WireEntry[] = [];
  dropped = 0;
  private bytes = 0;
  private seq = 0;
  private t0 = performance.now();
  /** The masker's version each entry was masked at (see maskedAsNow). */
  private readonly maskedAt = new WeakMap<WireEntry, number>();

  constructor(
    readonly masker: Masker = new Masker(),
    private readonly limits: RecorderLimits = DEFAULT_RECORDER_LIMITS,
    /**
     * Sees every parsed message it keeps before masking or truncation, so the byte caps never hide a wire violation.
     * What the entry cap leaves out (unasked server messages past it, counted in `dropped`) is not judged either:
     * judging a flood would cost without bound what keeping it would.
     */
    readonly audit?: WireAudit,
  ) {}

  /**
   * `audit: false` keeps a message out of the wire audit (deliberate 2025-era traffic), not out of the record.
   * `notMessage` says the body sits where the protocol puts no JSON-RPC message (a document, an answer to a GET).
   */
  record(e: NewEntry, opts: { audit?: boolean; notMessage?: boolean } = {}): number {
    const seq = ++this.seq;
    if (this.entries.length >= this.limits.maxEntries && e.from === 'server' && !isAnswer(e.json)) {
      this.dropped++;
      return seq;
    }
    const entry: WireEntry = {
      seq,
      atMs: Math.round(((e.at ?? performance.now()) - this.t0) * 10) / 10,
      from: e.from,
      channel: e.channel,
      phase: e.phase,
      ...(opts.audit === false ? { legacy: true as const } : {}),
      ...(e.retry ? { retry: { of: e.retry.of, cause: this.masker.text(e.retry.cause) } } : {}),
    };
    if (e.http) {
      entry.http = { ...e.http };
      if (e.http.headers) entry.http.headers = this.masker.headers(e.http.headers);
      if (e.http.url) entry.http.url = this.masker.text(e.http.url);
    }
    // No JSON-RPC message belongs in a 202 (notification-202 judges a body there). A 401 or 403 comes from the
    // authorization layer, whose bodies are OAuth errors (RFC 6750), and a document or the plain answer to a GET is no
    // message either: those are judged as messages only when they claim to be one (a `jsonrpc` member).
    const status = e.from === 'server' ? e.http?.status : undefined;
    const noMessageHere = status === 202 || ((opts.notMessage === true || status === 401 || status === 403) && !claimsMessage(e.json));
    if (e.json !== undefined && e.channel !== 'stderr' && opts.audit !== false && !noMessageHere) this.audit?.observe(seq, e.from, e.json);
    const text = e.text ?? (e.json === undefined ? undefined : JSON.stringify(e.json));
    if (text !== undefined) {
      if (this.bytes >= this.limits.maxBytes) {
        this.dropped++;
        entry.truncated = true;
      } else if (e.json !== undefined && text.length <= this.limits.maxEntryBytes) {
        entry.body = this.masker.needsMasking(text) ? this.masker.json(e.json) : e.json;
        this.bytes += text.length;
      } else {
        // A slice would keep the whole text alive (a 7 MB tool list per entry): keep a copy of the part instead.
        const cut = text.length > this.limits.maxEntryBytes ? Buffer.from(text.slice(0, this.limits.maxEntryBytes), 'utf16le').toString('utf16le') : text;
        entry.raw = this.masker.text(cut);
        if (cut.length < text.length) entry.truncated = true;
        this.bytes += cut.length;
      }
    }
    this.entries.push(entry);
    this.maskedAt.set(entry, this.masker.version);
    return seq;
  }

  /** Starts the clock at `t` (performance.now()) instead, when the first message went out before the record existed. */
  startClockAt(t: number): void {
    if (!this.entries.length) this.t0 = Math.min(this.t0, t);
  }

  /** Whether the entry's texts (url, header values, body, raw text, retry cause) were masked with every secret known now. */
  maskedAsNow(entry: WireEntry): boolean {
    return this.maskedAt.get(entry) === this.masker.version;
  }

  /** Attributes entries to `phase` after all (a session begun for one purpose, kept for another before any use). */
  relabel(seqs: readonly number[], phase: string): void {
    for (const seq of seqs) {
      const e = this.at(seq);
      if (e) e.phase = phase;
    }
  }

  /** Marks entries another check judges too (an answer seen once, on a process or session that saw it untouched). */
  share(seqs: readonly number[], phase: string): void {
    for (const seq of seqs) {
      const e = this.at(seq);
      if (e && e.phase !== phase && !e.sharedWith?.includes(phase)) (e.sharedWith ??= []).push(phase);
    }
  }

  /** The kept entry numbered `seq` (entries are in seq order; past the entry cap some numbers are not kept). */
  private at(seq: number): WireEntry | undefined {
    const direct = this.entries[seq - 1];
    if (direct?.seq === seq) return direct;
    let lo = 0;
    let hi = this.entries.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.entries[mid]!.seq;
      if (s === seq) return this.entries[mid];
      if (s < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

/** A response: it answers one of our requests, so it is kept past the entry cap. */
function isAnswer(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && ('result' in json || 'error' in json) && !('method' in json);
}

/** A body that says it is JSON-RPC (or a batch of it), and so is judged as a message wherever it appears. */
function claimsMessage(json: unknown): boolean {
  const first = Array.isArray(json) ? (json[0] as unknown) : json;
  return typeof first === 'object' && first !== null && 'jsonrpc' in first;
}
