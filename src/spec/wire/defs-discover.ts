/** server/discover, capabilities and the request envelopes of the client (DIGEST §b). */
import { cacheMembers, cacheRequired, lit, mapOf, obj, ref, resultMembers, str, strings, bool, type JsonSchema } from './schema-helpers.js';

const jsonObject = ref('JSONObject');
const listChanged = obj({ listChanged: bool });

/** A JSON-RPC request of the client with a fixed method and its params type. */
export function clientRequest(method: string, paramsDef: string): JsonSchema {
  return obj({ jsonrpc: lit('2.0'), id: ref('RequestId'), method: lit(method), params: ref(paramsDef) }, ['jsonrpc', 'id', 'method', 'params']);
}

export const discoverDefs: Record<string, JsonSchema> = {
  // Client capabilities, declared on every request (DIGEST §b); roots and sampling are deprecated but valid.
  ClientCapabilities: obj({
    experimental: mapOf(jsonObject),
    roots: { type: 'object' },
    sampling: obj({ context: jsonObject, tools: jsonObject }),
    elicitation: obj({ form: jsonObject, url: jsonObject }),
    extensions: mapOf(jsonObject),
  }),
  // No core `tasks` key: Tasks is advertised under `extensions` (DIGEST §b, §f).
  ServerCapabilities: obj({
    experimental: mapOf(jsonObject),
    logging: jsonObject,
    completions: jsonObject,
    prompts: listChanged,
    resources: obj({ subscribe: bool, listChanged: bool }),
    tools: listChanged,
    extensions: mapOf(jsonObject),
  }),
  // DiscoverResult extends CacheableResult (DIGEST claim 5).
  DiscoverResult: obj({ ...resultMembers, ...cacheMembers, supportedVersions: strings, capabilities: ref('ServerCapabilities'), instructions: str }, [
    ...cacheRequired,
    'supportedVersions',
    'capabilities',
  ]),
  DiscoverRequest: clientRequest('server/discover', 'RequestParams'),
};
