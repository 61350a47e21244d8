/** Multi round-trip requests: input_required results, input requests and responses (DIGEST §e, SEP-2322). */
import { arr, int, lit, mapOf, num, obj, oneOfStrings, ref, resultMembers, str, strings, tagged, uri, type JsonSchema } from './schema-helpers.js';

const meta = ref('MetaObject');
const priority = { type: 'number', minimum: 0, maximum: 1 };

export const mrtrDefs: Record<string, JsonSchema> = {
  // "At least one of inputRequests / requestState" is checked in code, with its own message.
  InputRequiredResult: obj({ ...resultMembers, inputRequests: ref('InputRequests'), requestState: str }, ['resultType']),
  InputRequests: mapOf(ref('InputRequest')),
  /** A JSON-RPC request without `jsonrpc` and `id`, chosen by its method. */
  InputRequest: tagged('method', {
    'elicitation/create': 'ElicitRequest',
    'sampling/createMessage': 'CreateMessageRequest',
    'roots/list': 'ListRootsRequest',
  }),

  ElicitRequest: obj({ method: lit('elicitation/create'), params: ref('ElicitRequestParams') }, ['method', 'params']),
  /** URL mode when `mode` says so; otherwise form mode, whose `mode` may be left out. */
  ElicitRequestParams: {
    if: { required: ['mode'], properties: { mode: { const: 'url' } } },
    then: ref('ElicitRequestURLParams'),
    else: ref('ElicitRequestFormParams'),
  },
  ElicitRequestFormParams: obj(
    {
      mode: lit('form'),
      message: str,
      requestedSchema: obj({ $schema: str, type: lit('object'), properties: mapOf(ref('PrimitiveSchemaDefinition')), required: strings }, [
        'type',
        'properties',
      ]),
    },
    ['message', 'requestedSchema'],
  ),
  ElicitRequestURLParams: obj({ mode: lit('url'), message: str, url: uri }, ['mode', 'message', 'url']),

  CreateMessageRequest: obj({ method: lit('sampling/createMessage'), params: ref('CreateMessageRequestParams') }, ['method', 'params']),
  CreateMessageRequestParams: obj(
    {
      messages: arr(ref('SamplingMessage')),
      modelPreferences: ref('ModelPreferences'),
      systemPrompt: str,
      // thisServer/allServers are deprecated but still valid values (DIGEST §i).
      includeContext: oneOfStrings('none', 'thisServer', 'allServers'),
      temperature: num,
      maxTokens: int,
      stopSequences: strings,
      metadata: ref('JSONObject'),
      tools: arr(ref('Tool')),
      toolChoice: ref('ToolChoice'),
    },
    ['messages', 'maxTokens'],
  ),
  ModelHint: obj({ name: str }),
  ModelPreferences: obj({ hints: arr(ref('ModelHint')), costPriority: priority, speedPriority: priority, intelligencePriority: priority }),
  ToolChoice: obj({ mode: oneOfStrings('auto', 'required', 'none') }),
  ListRootsRequest: obj({ method: lit('roots/list'), params: obj({ _meta: meta }) }, ['method']),

  // What the client sends back on the retry, keyed like the requests (DIGEST §e).
  InputResponses: mapOf(ref('InputResponse')),
  InputResponse: {
    if: { required: ['action'] },
    then: ref('ElicitResult'),
    else: { if: { required: ['roots'] }, then: ref('ListRootsResult'), else: ref('CreateMessageResult') },
  },
  ElicitResult: obj(
    {
      action: oneOfStrings('accept', 'decline', 'cancel'),
      content: mapOf({ if: { type: 'array' }, then: strings, else: { type: ['string', 'number', 'boolean'] } }),
    },
    ['action'],
  ),
  CreateMessageResult: obj({ role: ref('Role'), content: ref('SamplingContent'), model: str, stopReason: str, _meta: meta }, ['role', 'content', 'model']),
  Root: obj({ uri, name: str, _meta: meta }, ['uri']),
  ListRootsResult: obj({ roots: arr(ref('Root')) }, ['roots']),
};
