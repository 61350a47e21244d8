/** Resources and resource templates (DIGEST §c "Resources", §d). */
import { clientRequest } from './defs-discover.js';
import { arr, cacheMembers, cacheRequired, int, obj, ref, resultMembers, str, uri, uriTemplate, type JsonSchema } from './schema-helpers.js';

const described = { title: str, description: str, mimeType: str, icons: arr(ref('Icon')), annotations: ref('Annotations'), _meta: ref('MetaObject') };

export const resourceDefs: Record<string, JsonSchema> = {
  Resource: obj({ uri, name: str, size: int, ...described }, ['uri', 'name']),
  ResourceTemplate: obj({ uriTemplate, name: str, ...described }, ['uriTemplate', 'name']),
  ListResourcesResult: obj({ ...resultMembers, ...cacheMembers, resources: arr(ref('Resource')), nextCursor: str }, [...cacheRequired, 'resources']),
  ListResourceTemplatesResult: obj({ ...resultMembers, ...cacheMembers, resourceTemplates: arr(ref('ResourceTemplate')), nextCursor: str }, [
    ...cacheRequired,
    'resourceTemplates',
  ]),
  // resources/read is cacheable too (DIGEST claim 5).
  ReadResourceResult: obj({ ...resultMembers, ...cacheMembers, contents: arr(ref('ResourceContents')) }, [...cacheRequired, 'contents']),

  ReadResourceRequestParams: obj({ _meta: ref('RequestMetaObject'), uri, inputResponses: ref('InputResponses'), requestState: str }, ['_meta', 'uri']),
  ReadResourceRequest: clientRequest('resources/read', 'ReadResourceRequestParams'),
  ListResourcesRequest: clientRequest('resources/list', 'PaginatedRequestParams'),
  ListResourceTemplatesRequest: clientRequest('resources/templates/list', 'PaginatedRequestParams'),
};
