import { validateServerMessage, type WireIssue } from '../spec/wire/index.js';
import { validateLegacyServerMessage } from '../spec/legacy/index.js';
import { TASKS_EXTENSION } from '../spec/constants.js';
import { MAX_JSON_DEPTH, wasDepthCut } from '../core/json-depth.js';

export interface WireFinding extends WireIssue {
  seq: number;
  /** Method of the request the message answers, when known. */
  method?: string;
}

const MAX_FINDINGS = 500;

/**
 * Validates every message the server sends against our 2026-07-28 wire model, as it arrives. Harness requests are
 * seen too, only to learn which method each response answers (and which extensions the request declared).
 */
type Request = { method: string; extensions: string[]; name?: string };

export class WireAudit {
  private readonly judged: WireFinding[] = [];
  private over = 0;
  /** Server messages not judged yet: while the audit is held (see hold), or the era is not known yet. */
  private queue: { seq: number; json: object | undefined; legacy?: boolean; req?: Request }[] = [];
  private held = false;
  private eraFound: 'modern' | 'legacy' | undefined;
  serverMessages = 0;
  /** Structured results of completed tool calls, for the outputSchema contract rule. */
  readonly structuredResults: { tool: string; structuredContent: unknown }[] = [];
  /** Size of every tool result seen (bytes of JSON), and whether it handed data over as a link or embedded resource. */
  readonly resultSizes: { tool: string; bytes: number; linked: boolean }[] = [];
  private readonly requests = new Map<string, Request>();
  /** The model messages are judged by: 2026-07-28, or 2025-11-25 for a 2025-era server (2026-07-28 until known). */
  get era(): 'modern' | 'legacy' {
    return this.eraFound ?? 'modern';
  }

  /**
   * The era the probe found. What the server sent before it (its answer to the probe, a notification as it started)
   * waits for it: a 2025-era server's early messages are 2025 wire, not 2026-07-28 wire judged too soon.
   */
  set era(era: 'modern' | 'legacy') {
    this.eraFound = era;
    if (!this.held) this.drain();
  }

  private get waiting(): boolean {
    return this.held || this.eraFound === undefined;
  }

  observe(seq: number, from: 'harness' | 'server', json: unknown): void {
    if (!json || typeof json !== 'object' || Array.isArray(json)) {
      if (from !== 'server') return;
      if (this.waiting) this.queue.push({ seq, json: undefined });
      else this.add({ seq, path: '', message: 'not a JSON-RPC message object' });
      return;
    }
    const m = json as Record<string, unknown>;
    if (from === 'harness') {
      if ('id' in m && typeof m.method === 'string') {
        const name = (m.params as Record<string, unknown> | undefined)?.name;
        this.requests.set(JSON.stringify(m.id), { method: m.method, extensions: declaredExtensions(m), ...(typeof name === 'string' ? { name } : {}) });
      }
      return;
    }
    this.serverMessages++;
    const req = 'id' in m && !('method' in m) ? this.requests.get(JSON.stringify(m.id)) : undefined;
    // The answer to initialize is 2025 wire whatever the server's era (a dual-era server keeps the old handshake);
    // any other message is judged by the server's era, which a message waiting for it learns when judged.
    const initialize = req?.method === 'initialize';
    if (this.waiting) this.queue.push({ seq, json: m, ...(initialize ? { legacy: true } : {}), ...(req ? { req } : {}) });
    else this.judge(seq, m, initialize || this.era === 'legacy', req);
    const r = m.result as Record<string, unknown> | undefined;
    if (
      req?.method === 'tools/call' &&
      req.name &&
      r &&
      'structuredContent' in r &&
      r.isError !== true &&
      (r.resultType ?? 'complete') === 'complete' &&
      this.structuredResults.length < 100
    )
      this.structuredResults.push({ tool: req.name, structuredContent: r.structuredContent });
    if (req?.method === 'tools/call' && req.name && r && typeof r === 'object' && this.resultSizes.length < 500)
      this.resultSizes.push(measureResult(req.name, r));
  }

  /** What the audit found, in the order the messages came (messages held back are judged first). */
  get findings(): WireFinding[] {
    this.drain();
    return this.judged;
  }

  /** Findings past the cap, not kept. */
  get dropped(): number {
    this.drain();
    return this.over;
  }

  /**
   * Holds the judging (and the loading of the validators it needs) back until release, or until something reads the
   * findings: the run's path from the probe to its listen windows is not made to wait for it. Only the time of the
   * judging changes: each message is judged against the model and era it would be judged under at once.
   */
  hold(): void {
    this.held = true;
  }

  /** Judges what was held back and every message from now on as it comes (once the era is known). */
  release(): void {
    this.held = false;
    if (this.eraFound !== undefined) this.drain();
  }

  private drain(): void {
    const q = this.queue;
    if (!q.length) return;
    this.queue = [];
    for (const h of q)
      if (h.json === undefined) this.add({ seq: h.seq, path: '', message: 'not a JSON-RPC message object' });
      else this.judge(h.seq, h.json, h.legacy ?? this.era === 'legacy', h.req);
  }

  private judge(seq: number, json: object, legacy: boolean, req: Request | undefined): void {
    if (wasDepthCut(json)) this.add({ seq, path: '', message: `nested deeper than ${MAX_JSON_DEPTH} levels: the deeper parts were cut and not judged` });
    const issues = legacy
      ? validateLegacyServerMessage(json, req?.method)
      : validateServerMessage(json, req ? { requestMethod: req.method, extensions: req.extensions } : {});
    for (const i of issues) this.add({ seq, ...i, ...(req ? { method: req.method } : {}) });
  }

  private add(f: WireFinding): void {
    if (this.judged.length >= MAX_FINDINGS) this.over++;
    else this.judged.push(f);
  }
}

function declaredExtensions(m: Record<string, unknown>): string[] {
  const meta = (m.params as Record<string, unknown> | undefined)?._meta as Record<string, unknown> | undefined;
  const caps = meta?.['io.modelcontextprotocol/clientCapabilities'] as Record<string, unknown> | undefined;
  const ext = caps?.extensions;
  return ext && typeof ext === 'object' ? Object.keys(ext).filter((k) => k === TASKS_EXTENSION || k.includes('/')) : [];
}

/** Bytes of a tool result's JSON, and whether a content block is a resource_link or an embedded resource. */
export function measureResult(tool: string, r: Record<string, unknown>): { tool: string; bytes: number; linked: boolean } {
  const content = Array.isArray(r.content) ? (r.content as unknown[]) : [];
  const linked = content.some((c) => !!c && typeof c === 'object' && ['resource_link', 'resource'].includes(String((c as Record<string, unknown>).type)));
  return { tool, bytes: Buffer.byteLength(JSON.stringify(r), 'utf8'), linked };
}
