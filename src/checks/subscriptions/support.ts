import { oneLine } from '../../core/escape.js';
import type { JsonObject } from '../../target/envelope.js';
import { openClientStream, type MessageStream, type StreamItem } from '../../target/stream.js';
import type { CheckContext } from '../types.js';
import { obj, field } from '../../spec/read.js';
import { listChangedFilter } from '../../spec/listen-filter.js';

export const ACK = 'notifications/subscriptions/acknowledged';

/** Which filter key opts into each notification a listen stream may carry (SubscriptionFilter; tasks: SEP-2663). */
export const FILTER_KEY_OF: Record<string, string> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/resources/updated': 'resourceSubscriptions',
  'notifications/tasks': 'taskIds',
};

/**
 * Every notification type the server advertises (listChanged per list, resource updates for a few listed URIs when
 * resources.subscribe); the check stops as precondition-failed when there is none (DIGEST §a major 4).
 */
export async function offeredFilter(t: CheckContext): Promise<JsonObject> {
  const caps = t.shared.discoverCapabilities();
  if (!caps) t.precondition('server/discover returned no capabilities, so it is unknown whether subscriptions/listen applies');
  const filter: JsonObject = listChangedFilter(caps);
  if (field(caps.resources, 'subscribe') === true) {
    const uris = (await t.shared.list('resources/list')).items.map((r) => field(r, 'uri')).filter((u): u is string => typeof u === 'string');
    if (uris.length) filter.resourceSubscriptions = uris.slice(0, 3);
  }
  if (!Object.keys(filter).length && !field(caps.resources, 'subscribe'))
    t.precondition('the server advertises no listChanged or subscribe capability, so subscriptions/listen does not apply');
  return filter;
}

/** How long a listen stays open after its first message: bounded, whatever the request timeout. */
export function listenWindowMs(t: CheckContext): number {
  return t.timeouts.listenWindow;
}

/** A message that belongs to this listen for sure: on its HTTP stream, or matched by id or tag on stdio. */
export function own(i: StreamItem): boolean {
  return i.via === 'stream' || i.via === 'id' || i.via === 'tag';
}

export function isNotification(m: unknown): m is JsonObject {
  return !!m && typeof m === 'object' && typeof field(m, 'method') === 'string' && !Object.hasOwn(m, 'id');
}

export interface Listen {
  stream: MessageStream;
  /** The first message that is surely this listen's, if any came within the request timeout. */
  first?: StreamItem;
}

/** Opens `subscriptions/listen` with this filter and waits for its first message; stops when streaming is impossible. */
export async function openListen(t: CheckContext, filter: JsonObject): Promise<Listen> {
  const stream = openClientStream(t.client, 'subscriptions/listen', { notifications: filter }, { phase: t.checkId, timeoutMs: t.timeouts.listenHold });
  if (!stream) t.precondition('this transport cannot hold a request open');
  const first = await stream.waitFor(own, t.timeouts.request);
  if (!first && stream.failure) {
    await stream.close();
    t.inconclusive(`subscriptions/listen: ${stream.failure.message}`, stream.evidence);
  }
  return { stream, ...(first ? { first } : {}) };
}

/** Waits out the listen window, which opened with the stream's first message (see MessageStream.settleWindow). */
export async function watchWindow(t: CheckContext, l: Listen): Promise<void> {
  await (l.first ? l.stream.settleWindow(l.first, listenWindowMs(t)) : l.stream.settle(listenWindowMs(t)));
}

/**
 * For the checks that judge a whole window: a stream the transport cut short (a flood over the per-stream cap, a
 * broken connection) was not watched for the window, so finding nothing wrong in it proves nothing.
 */
export function requireWholeWindow(t: CheckContext, l: Listen): void {
  const failure = l.stream.failure;
  if (failure) t.inconclusive(`the listen stream was cut before its ${listenWindowMs(t)} ms window ended: ${failure.message}`, l.stream.evidence.slice(0, 20));
}

/** For the checks that need a working listen: stop (precondition) when it was refused or ended at once. */
export async function requireOpen(t: CheckContext, l: Listen): Promise<void> {
  const m = obj(l.first?.message);
  if (l.first && isNotification(m)) return t.shared.windowOpened(t.checkId);
  await l.stream.close();
  const what = !l.first
    ? 'nothing arrived on the listen stream'
    : l.stream.response
      ? `subscriptions/listen was answered at once (${describeResponse(l.stream.response)})`
      : 'the listen stream carried no JSON-RPC message';
  t.precondition(`${what}; see subscriptions/ack-first`);
}

export function describeResponse(r: JsonObject): string {
  const err = obj(r.error);
  return err ? `error ${String(err.code)} "${oneLine(String(err.message), 100)}"` : 'a result, which ends the subscription';
}

/** Same JSON-RPC id: equal type and value ("7" is not 7). */
export function sameId(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
