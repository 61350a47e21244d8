/** Prompts and completion (schema.ts Prompt*, Complete*). */
import { clientRequest } from './defs-discover.js';
import {
  arr,
  bool,
  cacheMembers,
  cacheRequired,
  int,
  lit,
  mapOf,
  obj,
  ref,
  resultMembers,
  str,
  tagged,
  uriTemplate,
  type JsonSchema,
} from './schema-helpers.js';

export const promptDefs: Record<string, JsonSchema> = {
  PromptArgument: obj({ name: str, title: str, description: str, required: bool }, ['name']),
  Prompt: obj({ name: str, title: str, description: str, arguments: arr(ref('PromptArgument')), icons: arr(ref('Icon')), _meta: ref('MetaObject') }, ['name']),
  PromptMessage: obj({ role: ref('Role'), content: ref('ContentBlock') }, ['role', 'content']),
  ListPromptsResult: obj({ ...resultMembers, ...cacheMembers, prompts: arr(ref('Prompt')), nextCursor: str }, [...cacheRequired, 'prompts']),
  GetPromptResult: obj({ ...resultMembers, description: str, messages: arr(ref('PromptMessage')) }, ['resultType', 'messages']),

  GetPromptRequestParams: obj(
    {
      _meta: ref('RequestMetaObject'),
      name: str,
      arguments: mapOf(str),
      inputResponses: ref('InputResponses'),
      requestState: str,
    },
    ['_meta', 'name'],
  ),
  GetPromptRequest: clientRequest('prompts/get', 'GetPromptRequestParams'),
  ListPromptsRequest: clientRequest('prompts/list', 'PaginatedRequestParams'),

  // completion/complete: at most 100 values per answer.
  CompleteResult: obj(
    {
      ...resultMembers,
      completion: obj({ values: { type: 'array', items: str, maxItems: 100 }, total: int, hasMore: bool }, ['values']),
    },
    ['resultType', 'completion'],
  ),
  PromptReference: obj({ type: lit('ref/prompt'), name: str, title: str }, ['type', 'name']),
  ResourceTemplateReference: obj({ type: lit('ref/resource'), uri: uriTemplate }, ['type', 'uri']),
  CompleteRequestParams: obj(
    {
      _meta: ref('RequestMetaObject'),
      ref: tagged('type', { 'ref/prompt': 'PromptReference', 'ref/resource': 'ResourceTemplateReference' }),
      argument: obj({ name: str, value: str }, ['name', 'value']),
      context: obj({ arguments: mapOf(str) }),
    },
    ['_meta', 'ref', 'argument'],
  ),
  CompleteRequest: clientRequest('completion/complete', 'CompleteRequestParams'),
};
