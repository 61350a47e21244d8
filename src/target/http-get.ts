import { getGlobalDispatcher, request, type Dispatcher } from './undici.js';
import { toTransportError, type TransportError } from './errors.js';
import { withDeadline } from './deadline.js';
import type { WireRecorder } from './recorder.js';
import { watchSockets, withOneRetry } from './reset-retry.js';
import { flatHeaders } from './flat-headers.js';
import { parseBounded } from '../core/json-depth.js';
import { decodeBody } from './body-text.js';

export interface GetResult {
  status?: number;
  headers: Record<string, string>;
  bodyText: string;
  json?: unknown;
  failure?: TransportError;
  evidence: number[];
}

const MAX_BODY = 256 * 1024;

/** One recorded GET of a document the server points at (RFC 9728 metadata): no redirects, bounded body and time; a document, not a message. */
export async function httpGet(
  url: string,
  o: { timeoutMs: number; recorder: WireRecorder; phase: string; headers?: Record<string, string> },
): Promise<GetResult> {
  const headers = { accept: 'application/json', ...o.headers };
  const sent = (retry?: { of: number; cause: string }) =>
    o.recorder.record({ from: 'harness', channel: 'http', phase: o.phase, http: { method: 'GET', url, headers }, ...(retry ? { retry } : {}) });
  const evidence = [sent()];
  watchSockets();
  try {
    return await withDeadline(
      async (signal) => {
        const get = (dispatcher: Dispatcher) =>
          request(url, { method: 'GET', headers, signal, dispatcher, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs });
        // A GET reads: lost to a kept-alive connection closed before any byte, it is sent once more (reset-retry.ts).
        const res = await withOneRetry(
          getGlobalDispatcher(),
          get,
          () => true,
          (cause) => evidence.push(sent({ of: evidence[0]!, cause })),
        );
        const h = flatHeaders(res.headers);
        // Bytes are kept and decoded once, so a character split between two chunks is not garbled.
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          chunks.push(chunk as Buffer);
          size += (chunk as Buffer).length;
          if (size > MAX_BODY) {
            res.body.destroy();
            break;
          }
        }
        const bodyText = decodeBody(chunks);
        let json: unknown;
        try {
          json = parseBounded(bodyText);
        } catch {
          /* not JSON: the caller says so */
        }
        evidence.push(
          o.recorder.record(
            {
              from: 'server',
              channel: 'http',
              phase: o.phase,
              http: { status: res.statusCode, headers: h },
              ...(json !== undefined ? { json, text: bodyText } : { text: bodyText }),
            },
            { notMessage: true },
          ),
        );
        return { status: res.statusCode, headers: h, bodyText, ...(json !== undefined ? { json } : {}), evidence };
      },
      o.timeoutMs,
      'answer',
    );
  } catch (e) {
    return { failure: toTransportError(e, { url }), headers: {}, bodyText: '', evidence };
  }
}
