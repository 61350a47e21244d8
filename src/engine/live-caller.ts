import { LegacySession } from '../target/legacy-session.js';
import type { JsonObject } from '../target/envelope.js';
import type { Exchange } from '../target/transport.js';
import type { LiveTarget } from './target-options.js';
import { catalogueFrom, type FetchedCatalogue } from './catalogue.js';

/** Requests in the era the server speaks: the modern envelope, or a 2025 session opened on first use. */
export class LiveCaller {
  private legacy?: Promise<LegacySession>;

  constructor(readonly live: LiveTarget) {}

  get era(): string {
    return this.live.probe.era;
  }

  /** The catalogue, read by the same list calls `snapshot` makes. */
  catalogue(): Promise<FetchedCatalogue> {
    return catalogueFrom(this.live.shared, this.live.probe);
  }

  async request(method: string, params: JsonObject, phase = 'quick'): Promise<Exchange> {
    const { client, probe, spec, recorder, signal, timeouts } = this.live;
    if (probe.era !== 'legacy') return client.request(method, params, { phase });
    this.legacy ??= LegacySession.open(spec, recorder, {
      phase,
      timeoutMs: timeouts.request,
      // A second session of a stdio server is a second process: already installed, but starting.
      startupTimeoutMs: timeouts.respawnStartup,
      signal,
    });
    const s = await this.legacy;
    // A session that did not open answers with its failed handshake, which says why.
    return s.ready ? s.request(method, params) : s.init;
  }

  async close(): Promise<void> {
    if (this.legacy) await (await this.legacy).close();
  }
}
