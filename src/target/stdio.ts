import type { ChildProcess } from 'node:child_process';
import type { ProcessTree } from './process-tree.js';
import { parseBounded } from '../core/json-depth.js';
import { parseBoundedAsync } from '../core/json-parse-async.js';
import { ParseMemo } from '../core/json-parse-memo.js';
import { isSecretName } from '../core/mask.js';
import { floodError, MAX_MESSAGES_PER_EXCHANGE, TransportError, toTransportError } from './errors.js';
import { Deadline, settlesWithin } from './deadline.js';
import { LineReader } from './line-reader.js';
import { killGroup, releaseTree } from './children.js';
import { claimHeadStart, spawnServer } from './head-start.js';
import type { CorrelationBreak, Exchange, SendOptions, Transport } from './transport.js';
import type { JsonObject, JsonRpcNotification, JsonRpcRequest } from './envelope.js';
import type { WireRecorder } from './recorder.js';
import { openStdioStream, streamRoutes } from './stdio-stream.js';
import type { MessageStream, StreamOptions } from './stream.js';
import { field } from '../spec/read.js';

/** Stray stdout lines kept as evidence; more are only counted. */
const MAX_STDOUT_FINDINGS = 1_000;

export interface StdioTransportOptions {
  command: string;
  args: string[];
  env?: Record<string, string>;
  secretEnv?: string[];
  cwd?: string;
  maxLineBytes?: number;
  maxStderrBytes?: number;
  /** Shutdown: wait this long after closing stdin, then SIGTERM, then as long again, then SIGKILL (DIGEST §b stdio). */
  shutdownGraceMs?: number;
}

interface Pending {
  ex: Exchange;
  resolve: () => void;
  phase: string;
  /** Sent as text whose id a server cannot read (malformed on purpose): an id-null error may answer it. */
  unreadableId: boolean;
}

/** A line this long (a 5,000-tool list is about 7 MB) is parsed in slices, so answers in flight are read on time. */
const LARGE_LINE_CHARS = 256 * 1024;

type Parsed = { ok: true; msg: unknown } | { ok: false };

function parseLine(line: string): Parsed {
  try {
    return { ok: true, msg: parseBounded(line) };
  } catch {
    return { ok: false };
  }
}

export interface StdoutFinding {
  seq: number;
  kind: 'non-json' | 'oversize';
  text: string;
}

/** stdio: spawn the server, newline-delimited JSON-RPC on stdin/stdout, stderr kept for the report. */
export class StdioTransport implements Transport {
  readonly kind = 'stdio' as const;
  deadReason: string | undefined;
  correlation: CorrelationBreak | undefined;
  /** Set by the era probe once `initialize` made this process a 2025 session. */
  in2025Session = false;
  /** Every request id we wrote, so a late answer is told from an answer to nothing. */
  private readonly sentIds = new Set<string>();
  exit: { code: number | null; signal: NodeJS.Signals | null; afterEof: boolean } | undefined;
  /** The first MAX_STDOUT_FINDINGS lines that were no JSON-RPC message; `stdoutFindingCount` counts them all. */
  readonly stdoutFindings: StdoutFinding[] = [];
  stdoutFindingCount = 0;
  private readonly child: ChildProcess;
  private readonly pending = new Map<string, Pending>();
  private stderrBuf = '';
  private stderrDropped = 0;
  private stdinClosed = false;
  /**
   * How the first close ended a process that was running when it began: whether it exited on EOF alone within the
   * wait before SIGTERM, and how long that wait was. Undefined when the process had already exited, or before a close.
   */
  closedBy: { eof: boolean; waitedMs: number } | undefined;
  private readonly exited: Promise<void>;
  /** Open `subscriptions/listen` streams by JSON-encoded id, and the ids of those already closed. */
  private readonly streams = new Map<string, MessageStream>();
  private readonly closedStreams = new Set<string>();
  /** Every process the server started, setsid'd ones included (Linux); ended with it. */
  private readonly tree: ProcessTree;
  /** Processes of the server's tree still alive after close, as `pid (name)`: said in the report. */
  leftovers: string[] = [];
  /** Large values met again in this server's answers are parsed once (see json-parse-memo.ts). */
  private readonly parseMemo = new ParseMemo();
  /** Lines still being handled, in order, while a large one is parsed; undefined when none is. */
  private lines: Promise<void> | undefined;

  constructor(
    private readonly opts: StdioTransportOptions,
    private readonly recorder: WireRecorder,
  ) {
    for (const [k, v] of Object.entries(opts.env ?? {})) if (opts.secretEnv?.includes(k) || isSecretName(k)) recorder.masker.add(v);
    // A copy started ahead for this very command (head-start.ts) is taken untouched; otherwise one starts now.
    const early = claimHeadStart(opts) ?? spawnServer(opts.command, opts.args, opts.env, opts.cwd);
    this.child = early.child;
    this.tree = early.tree;
    const maxLine = opts.maxLineBytes ?? 16 * 1024 * 1024;
    const reader = new LineReader(
      maxLine,
      (l) => this.onLine(l),
      (n) => this.onOversize(n, maxLine),
    );
    early.handOver({ stdout: (c) => reader.push(c), stdoutEnd: () => reader.end(), stderr: (c) => this.onStderr(c) });
    this.child.stdin?.on('error', () => undefined); // EPIPE after the child died: reported through exit
    this.exited = new Promise((resolve) => {
      const failed = (e: Error) => {
        this.die(toTransportError(e, { command: opts.command }));
        resolve();
      };
      const exited = (code: number | null, signal: NodeJS.Signals | null) => {
        this.exit = { code, signal, afterEof: this.stdinClosed };
        // Answers that arrived before the exit are handled first, even while a large one is still being parsed.
        const end = () => {
          this.die(new TransportError('closed', `server process exited (${signal ? `signal ${signal}` : `code ${code}`})`));
          resolve();
        };
        if (this.lines) void this.lines.then(end);
        else end();
      };
      // A copy started ahead may have failed or ended before it was taken: told as if it happened now (after the
      // first request is sent, as for a process just started), its held output read first.
      const { error, exit } = early;
      if (error) setImmediate(() => failed(error));
      else this.child.once('error', failed);
      if (exit) setImmediate(() => exited(exit.code, exit.signal));
      else if (!error) this.child.once('exit', exited);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the process has exited within `ms` (at once when it already has): an event, not a poll. */
  exitedWithin(ms: number): Promise<boolean> {
    return settlesWithin(this.exited, ms);
  }

  stderrText(): string {
    return this.recorder.masker.text(this.stderrBuf) + (this.stderrDropped ? `\n[… ${this.stderrDropped} more bytes of stderr not kept]` : '');
  }

  speaks2025(): boolean {
    return this.in2025Session;
  }

  send(msg: JsonRpcRequest | JsonRpcNotification, o: SendOptions): Promise<Exchange> {
    const t0 = performance.now();
    const ex: Exchange = { request: msg, others: [], durationMs: 0, evidence: [] };
    const line = o.rawBody ?? JSON.stringify(msg);
    // The text is handed over with the message, so the recorder does not serialize it a second time.
    ex.evidence.push(
      this.recorder.record({ from: 'harness', channel: 'stdio', phase: o.phase, ...(o.rawBody === undefined ? { json: msg, text: line } : { text: line }) }),
    );
    if (this.deadReason !== undefined) {
      ex.failure = new TransportError('closed', this.deadReason);
      return Promise.resolve(ex);
    }
    if (this.correlation && 'id' in msg) {
      ex.failure = new TransportError('protocol', this.correlation.reason);
      return Promise.resolve(ex);
    }
    if ('id' in msg) this.sentIds.add(JSON.stringify(msg.id));
    this.child.stdin?.write(line + '\n');
    if (!('id' in msg)) {
      ex.durationMs = performance.now() - t0;
      return Promise.resolve(ex);
    }
    return new Promise<Exchange>((resolve) => {
      const key = JSON.stringify(msg.id);
      const deadline = new Deadline(o.timeoutMs, 'answer', o.signal);
      const finish = (failure?: TransportError) => {
        deadline.dispose();
        this.pending.delete(key);
        if (failure) ex.failure = failure;
        ex.durationMs = performance.now() - t0;
        resolve(ex);
      };
      this.pending.set(key, { ex, phase: o.phase, resolve: () => finish(), unreadableId: o.rawBody !== undefined && !readableId(o.rawBody) });
      deadline.onExpire((reason) => finish(toTransportError(reason)));
    });
  }

  /** A long-lived request whose messages are matched by id or subscriptionId (see stdio-stream.ts). */
  openStream(msg: JsonRpcRequest, o: StreamOptions): MessageStream {
    return openStdioStream(
      {
        streams: this.streams,
        closed: this.closedStreams,
        send: (m, phase) => {
          if ('id' in m) this.sentIds.add(JSON.stringify(m.id));
          const line = JSON.stringify(m);
          const seq = this.recorder.record({ from: 'harness', channel: 'stdio', phase, json: m, text: line });
          if (this.deadReason !== undefined) return { seq, written: false };
          this.child.stdin?.write(line + '\n');
          return { seq, written: true };
        },
        deadReason: () => this.deadReason,
      },
      msg,
      o,
    );
  }

  /** Lines are handled in the order they came; one after a large line waits for it (parsed with turns for I/O). */
  private onLine(line: string): void {
    if (this.lines === undefined && line.length < LARGE_LINE_CHARS) return this.handle(line, parseLine(line));
    const parsed = () =>
      line.length < LARGE_LINE_CHARS
        ? parseLine(line)
        : parseBoundedAsync(line, this.parseMemo).then(
            (msg): Parsed => ({ ok: true, msg }),
            (): Parsed => ({ ok: false }),
          );
    const next: Promise<void> = (this.lines ?? Promise.resolve())
      .then(async () => this.handle(line, await parsed()))
      .catch(() => undefined)
      .then(() => {
        if (this.lines === next) this.lines = undefined;
      });
    this.lines = next;
  }

  private handle(line: string, parsed: Parsed): void {
    if (!parsed.ok) {
      const seq = this.recorder.record({ from: 'server', channel: 'stdio', phase: this.phaseNow(), text: line });
      this.noteStdout({ seq, kind: 'non-json', text: this.recorder.masker.text(line.slice(0, 4096)).slice(0, 200) });
      return;
    }
    const msg = parsed.msg;
    const obj = msg as JsonObject;
    const isResponse = obj && typeof obj === 'object' && !Array.isArray(obj) && ('result' in obj || 'error' in obj) && !('method' in obj);
    // An error without a readable id answers the oldest request we sent malformed on purpose (JSON-RPC 2.0 §5).
    const anonymous = isResponse && 'error' in obj && (obj.id === null || !('id' in obj)) ? [...this.pending.values()].find((q) => q.unreadableId) : undefined;
    const p = isResponse ? (this.pending.get(JSON.stringify(obj.id)) ?? anonymous) : undefined;
    const routes = p ? [] : streamRoutes({ streams: this.streams, closed: this.closedStreams }, msg);
    const seq = this.recorder.record({ from: 'server', channel: 'stdio', phase: p?.phase ?? routes[0]?.stream.phase ?? this.phaseNow(), json: msg });
    if (p) {
      p.ex.evidence.push(seq);
      p.ex.response = obj;
      p.resolve();
      return;
    }
    if (isResponse && !routes.length && !this.closedStreams.has(JSON.stringify(obj.id)) && !this.sentIds.has(JSON.stringify(obj.id)))
      return this.breakCorrelation(seq, obj.id);
    for (const r of routes) r.stream.push({ seq, message: msg, via: r.via });
    // A message matched by id or tag belongs to its stream alone; anything else is also handled as before.
    if (routes.some((r) => r.via === 'id' || r.via === 'tag')) return;
    // Notifications and server-sent requests: attributed to every exchange in flight.
    for (const q of [...this.pending.values()]) {
      if (q.ex.others.length >= MAX_MESSAGES_PER_EXCHANGE) {
        q.ex.failure = floodError('waiting for the answer');
        q.resolve();
        continue;
      }
      q.ex.others.push(msg);
      q.ex.evidence.push(seq);
    }
  }

  /** One unmatched answer is the finding; every request in flight or to come fails at once with the reason. */
  private breakCorrelation(seq: number, id: unknown): void {
    if (this.correlation) return;
    const what =
      id === null || id === undefined
        ? `an answer with id ${id === null ? 'null' : 'missing'} although every request in flight had a readable id`
        : `an answer with id ${JSON.stringify(id).slice(0, 60)}, which no request of ours carried`;
    this.correlation = { seq, id, reason: `the server sent ${what} (wire #${seq}): its answers cannot be matched to requests` };
    const err = new TransportError('protocol', this.correlation.reason);
    for (const q of [...this.pending.values()]) {
      q.ex.failure = err;
      q.ex.evidence.push(seq);
      q.resolve();
    }
  }

  private noteStdout(f: StdoutFinding): void {
    if (++this.stdoutFindingCount <= MAX_STDOUT_FINDINGS) this.stdoutFindings.push(f);
  }

  private phaseNow(): string {
    const first = this.pending.values().next();
    return first.done ? 'idle' : first.value.phase;
  }

  private onOversize(bytes: number, max: number): void {
    // In its place among the lines: after a large line still being parsed.
    if (this.lines) {
      const next: Promise<void> = this.lines.then(() => {
        if (this.lines === next) this.lines = undefined;
        this.recordOversize(bytes, max);
      });
      this.lines = next;
      return;
    }
    this.recordOversize(bytes, max);
  }

  private recordOversize(bytes: number, max: number): void {
    const seq = this.recorder.record({
      from: 'server',
      channel: 'stdio',
      phase: this.phaseNow(),
      text: `[a line of ${bytes} bytes, over the ${max}-byte bound, was dropped]`,
    });
    this.noteStdout({ seq, kind: 'oversize', text: `${bytes} bytes` });
  }

  private onStderr(c: Buffer): void {
    const max = this.opts.maxStderrBytes ?? 256 * 1024;
    const room = max - this.stderrBuf.length;
    if (room <= 0) {
      this.stderrDropped += c.length;
      return;
    }
    const s = c.toString('utf8');
    this.stderrBuf += s.slice(0, room);
    if (s.length > room) this.stderrDropped += s.length - room;
  }

  private die(err: TransportError): void {
    if (this.deadReason === undefined) this.deadReason = err.message;
    for (const p of [...this.pending.values()]) {
      p.ex.failure = err;
      p.resolve();
    }
    for (const st of [...this.streams.values()]) st.finish('failure', err);
  }

  /**
   * Close stdin, wait, SIGTERM, wait, SIGKILL. Resolves once the process is gone. `eofWaitMs`: the wait after EOF
   * before SIGTERM when it should differ from the grace between signals (a check timing the exit on EOF alone).
   */
  async close(graceMs?: number, eofWaitMs?: number): Promise<void> {
    const grace = Math.min(graceMs ?? Infinity, this.opts.shutdownGraceMs ?? 2000);
    if (!this.exit && this.child.pid !== undefined) {
      this.stdinClosed = true;
      this.child.stdin?.end();
      const waitedMs = eofWaitMs ?? grace;
      const onEof = await settlesWithin(this.exited, waitedMs);
      this.closedBy ??= { eof: onEof, waitedMs };
      if (!onEof) {
        killGroup(this.child, 'SIGTERM');
        if (!(await settlesWithin(this.exited, grace))) {
          killGroup(this.child, 'SIGKILL');
          await settlesWithin(this.exited, grace);
        }
      }
    }
    // Grandchildren of a launcher, and children that left the process group, may outlive the server itself. One
    // pass over /proc when nothing is left (the common case); a second only to confirm that what was found died.
    killGroup(this.child, 'SIGKILL');
    if (this.tree.signal('SIGKILL').length) {
      await new Promise((r) => setTimeout(r, 100));
      this.leftovers = this.tree.survivors();
    }
    releaseTree(this.tree, this.leftovers);
  }
}

/** Whether a server could read the id of a request sent as this text. */
function readableId(text: string): boolean {
  try {
    const m = JSON.parse(text) as unknown;
    return !!m && typeof m === 'object' && !Array.isArray(m) && 'id' in m && (typeof field(m, 'id') === 'string' || typeof field(m, 'id') === 'number');
  } catch {
    return false;
  }
}
