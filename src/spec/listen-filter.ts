/**
 * What a `subscriptions/listen` asks for, from the capabilities a server advertises (SubscriptionFilter, SEP-2575):
 * the subscription checks build their filters here, and so does the request a URL check sends ahead of them
 * (target/http-head-start.ts), so the two cannot drift apart.
 */
import { field } from './read.js';

type Filter = Record<string, unknown>;

const LIST_CHANGED: [string, string][] = [
  ['promptsListChanged', 'prompts'],
  ['resourcesListChanged', 'resources'],
  ['toolsListChanged', 'tools'],
];

/** Every list whose changes the server says it announces (`listChanged` per list), as filter keys. */
export function listChangedFilter(caps: unknown): Filter {
  const filter: Filter = {};
  for (const [key, cap] of LIST_CHANGED) if (field(field(caps, cap), 'listChanged') === true) filter[key] = true;
  return filter;
}

/** One advertised type only, so anything else on the stream is a leak; prompts first, as tools change most often. */
export function narrowFilter(offered: Filter): Filter {
  for (const key of ['promptsListChanged', 'resourcesListChanged', 'toolsListChanged']) if (offered[key] === true) return { [key]: true };
  const uris = offered.resourceSubscriptions;
  return Array.isArray(uris) && uris.length ? { resourceSubscriptions: uris.slice(0, 1) } : {};
}
