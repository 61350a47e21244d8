/** The HTTP round trips a check run made, taken from its JSON report's wire record, for the bare replay. */
import { readFileSync } from 'node:fs';

export interface TracedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** A subscriptions/listen stream: held open for a window, or until its first event. */
  listen?: 'window' | 'first-event';
}

/** Checks whose listen stream stays open for a whole window (the others wait for the acknowledgement only). */
const WINDOW_PHASES = new Set(['subscriptions/notifications-tagged', 'subscriptions/filter-honoured']);

interface WireEntry {
  from: string;
  channel: string;
  phase: string;
  http?: { method?: string; url?: string; headers?: Record<string, string> };
  body?: unknown;
  raw?: string;
}

export function traceFromReport(file: string): TracedRequest[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { targets: { wire: WireEntry[] }[] };
  const out: TracedRequest[] = [];
  for (const w of report.targets[0]?.wire ?? []) {
    if (w.from !== 'harness' || w.channel !== 'http' || !w.http?.method || !w.http.url) continue;
    const body = w.raw ?? (w.body === undefined ? undefined : JSON.stringify(w.body));
    const method = (w.body as { method?: unknown } | undefined)?.method;
    const headers = Object.fromEntries(Object.entries(w.http.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'content-length'));
    out.push({
      method: w.http.method,
      url: w.http.url,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(method === 'subscriptions/listen' ? { listen: WINDOW_PHASES.has(w.phase) ? ('window' as const) : ('first-event' as const) } : {}),
    });
  }
  return out;
}
