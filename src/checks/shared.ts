import type { McpClient } from '../target/client.js';
import { resultOf } from '../target/client.js';
import type { JsonObject } from '../target/envelope.js';
import type { ProbeOutcome } from '../target/probe.js';
import type { Exchange } from '../target/transport.js';
import { isCallable, toolsFrom, type ToolInfo } from './support/tools.js';
import { Slices } from './support/slices.js';
import { sampleArgs } from './support/sample-args.js';
import type { CheckOptions } from './options.js';
import { arr, obj } from '../spec/read.js';

export interface ListOutcome {
  /** Every page's exchange, in order. */
  pages: Exchange[];
  items: unknown[];
  /** Set when a page did not come back as a result. */
  broken?: Exchange;
}

const LIST_KEY: Record<string, string> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
};

const MAX_PAGES = 50;

/** Calls several checks need, made once per target and shared (memoised promises). */
export class SharedState {
  private readonly memo = new Map<string, Promise<unknown>>();
  private readonly closers: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly client: McpClient,
    readonly probe: ProbeOutcome,
    private readonly options: CheckOptions,
  ) {}

  /** `f`'s promise, made once per target under `key` (an area's own shared call uses its area as the key's prefix). */
  once<T>(key: string, f: () => Promise<T>): Promise<T> {
    let p = this.memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = f();
      this.memo.set(key, p);
    }
    return p;
  }

  /** Whether the run judges the check `id` (a process shared by two checks then serves only the ones that run). */
  selected(id: string): boolean {
    return this.options.checks?.some((c) => c.id === id) ?? true;
  }

  /** Registers the release of something the checks share (a 2025 session, its process), run once they all ended. */
  onClose(release: () => Promise<unknown>): void {
    this.closers.push(release);
  }

  /** Releases what the checks shared; never throws (a server that is already gone has nothing left to release). */
  async close(): Promise<void> {
    await Promise.all(this.closers.splice(0).map((release) => release().catch(() => undefined)));
  }

  /** The probe's discover exchange when it succeeded, else a fresh one. */
  discover(): Promise<Exchange> {
    const probed = this.probe.discoverExchange;
    if (probed && resultOf(probed)) return Promise.resolve(probed);
    return this.once('discover', () => this.client.request('server/discover', {}, { phase: 'shared' }));
  }

  /** Capabilities from whichever handshake the server's era has: server/discover, else the initialize result. */
  capabilities(): JsonObject | undefined {
    const caps = this.probe.discover?.capabilities ?? this.probe.legacyInit?.capabilities;
    return obj(caps);
  }

  /** Capabilities of server/discover only, for requirements that exist only there (extensions, listen). */
  discoverCapabilities(): JsonObject | undefined {
    const caps = this.probe.discover?.capabilities;
    return obj(caps);
  }

  /** Whether the server advertises a capability; undefined when it never said (no handshake result). */
  offers(cap: string): boolean | undefined {
    const caps = this.capabilities();
    return caps ? cap in caps : undefined;
  }

  private readonly asked = new Map<string, { promise: Promise<ListOutcome>; settle: (p: Promise<ListOutcome>) => void }>();

  /** The list once some check has asked for it (pending for as long as none does): work that may follow it, never precede it. */
  whenAsked(method: keyof typeof LIST_KEY): Promise<ListOutcome> {
    const memo = this.memo.get(`list:${method}`) as Promise<ListOutcome> | undefined;
    if (memo) return memo;
    let a = this.asked.get(method);
    if (!a) {
      let settle: (p: Promise<ListOutcome>) => void = () => undefined;
      const promise = new Promise<ListOutcome>((resolve) => (settle = resolve));
      this.asked.set(method, (a = { promise, settle }));
    }
    return a.promise;
  }

  private windowListener: ((checkId: string) => void) | undefined;

  /** A window-bound check's listen window is open (its first message came): the run waits on the clock from here. */
  windowOpened(checkId: string): void {
    this.windowListener?.(checkId);
  }

  /** How the run hears of each window that opens. */
  onWindowOpened(listener: (checkId: string) => void): void {
    this.windowListener = listener;
  }

  /** Whether some check has asked for the list yet (reading it then sends nothing new). */
  listAsked(method: keyof typeof LIST_KEY): boolean {
    return this.memo.has(`list:${method}`);
  }

  list(method: keyof typeof LIST_KEY): Promise<ListOutcome> {
    const p = this.listOnce(method);
    this.asked.get(method)?.settle(p);
    return p;
  }

  private listOnce(method: keyof typeof LIST_KEY): Promise<ListOutcome> {
    return this.once(`list:${method}`, async () => {
      const out: ListOutcome = { pages: [], items: [] };
      let cursor: string | undefined;
      for (let i = 0; i < MAX_PAGES; i++) {
        const ex = await this.client.request(method, cursor ? { cursor } : {}, { phase: 'shared' });
        out.pages.push(ex);
        const r = resultOf(ex);
        const items = arr(r?.[LIST_KEY[method] ?? '']);
        if (!r || !items) {
          out.broken = ex;
          break;
        }
        out.items.push(...items);
        if (typeof r.nextCursor !== 'string' || !r.nextCursor) break;
        cursor = r.nextCursor;
      }
      return out;
    });
  }

  /** Read once per target: at thousands of tools, rebuilding the list in every check shows as event-loop stalls. */
  tools(): Promise<ToolInfo[]> {
    return this.once('tools', async () => toolsFrom((await this.list('tools/list')).items));
  }

  /** Tools the safety rule lets us call, each with arguments. */
  callableTools(): Promise<{ tool: ToolInfo; args: JsonObject }[]> {
    // Built once (checks read it, none changes it), letting I/O run between slices: thousands of tools take a while.
    return this.once('callable', async () => {
      const out: { tool: ToolInfo; args: JsonObject }[] = [];
      const slices = new Slices();
      for (const tool of await this.tools()) {
        if (!isCallable(tool, this.options.allowTools)) continue;
        out.push({ tool, args: this.options.toolArgs[tool.name] ?? sampleArgs(tool.inputSchema) });
        await slices.turn();
      }
      return out;
    });
  }
}
