/**
 * The part of undici a run uses: the connection-pooling Agent, the global dispatcher and `request`. The package's entry
 * also loads fetch, WebSocket, EventSource, cookies, mocks and cache stores (about 0.1 s of CPU on every run), so the
 * three come from their own modules (undici is pinned to an exact version in package.json).
 */
import { createRequire } from 'node:module';
import type * as Undici from 'undici';

export type { Dispatcher } from 'undici';

const load = createRequire(import.meta.url);

export const Agent = load('undici/lib/dispatcher/agent') as typeof Undici.Agent;
export type Agent = Undici.Agent;
export const { getGlobalDispatcher } = load('undici/lib/global') as Pick<typeof Undici, 'getGlobalDispatcher'>;

type RequestOptions = Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Undici.Dispatcher };
const dispatchRequest = load('undici/lib/api/api-request') as (
  this: Undici.Dispatcher,
  o: Undici.Dispatcher.RequestOptions,
) => Promise<Undici.Dispatcher.ResponseData>;
const { parseURL } = load('undici/lib/core/util') as { parseURL: (url: string | URL) => URL };

/** undici's `request(url, options)` with an explicit dispatcher: the URL checked and split the same way. */
export function request(url: string | URL, opts: RequestOptions): Promise<Undici.Dispatcher.ResponseData> {
  const u = parseURL(url);
  const { dispatcher, ...rest } = opts;
  return dispatchRequest.call(dispatcher, { ...rest, origin: u.origin, path: u.search ? `${u.pathname}${u.search}` : u.pathname, method: opts.method });
}
