/** Tools: listing, calling, annotations (DIGEST §g). */
import { clientRequest } from './defs-discover.js';
import { any, arr, bool, cacheMembers, cacheRequired, lit, obj, ref, resultMembers, str, type JsonSchema } from './schema-helpers.js';

const schemaDialect = { $schema: str };

export const toolDefs: Record<string, JsonSchema> = {
  // All hints are optional booleans; defaults live in the spec, not on the wire (DIGEST §g).
  ToolAnnotations: obj({ title: str, readOnlyHint: bool, destructiveHint: bool, idempotentHint: bool, openWorldHint: bool }),
  Tool: obj(
    {
      name: str,
      title: str,
      description: str,
      icons: arr(ref('Icon')),
      // inputSchema: a JSON object whose root is `type: "object"`; any 2020-12 keywords besides (SEP-2106).
      inputSchema: obj({ ...schemaDialect, type: lit('object') }, ['type']),
      // outputSchema: any 2020-12 schema object, arrays and primitives included (SEP-2106).
      outputSchema: obj(schemaDialect),
      annotations: ref('ToolAnnotations'),
      _meta: ref('MetaObject'),
    },
    ['name', 'inputSchema'],
  ),
  ListToolsResult: obj({ ...resultMembers, ...cacheMembers, tools: arr(ref('Tool')), nextCursor: str }, [...cacheRequired, 'tools']),
  // structuredContent may be any JSON value; isError defaults to false (DIGEST §g).
  CallToolResult: obj({ ...resultMembers, content: arr(ref('ContentBlock')), structuredContent: any, isError: bool }, ['resultType', 'content']),

  CallToolRequestParams: obj(
    {
      _meta: ref('RequestMetaObject'),
      name: str,
      arguments: { type: 'object' },
      inputResponses: ref('InputResponses'),
      requestState: str,
    },
    ['_meta', 'name'],
  ),
  CallToolRequest: clientRequest('tools/call', 'CallToolRequestParams'),
  ListToolsRequest: clientRequest('tools/list', 'PaginatedRequestParams'),
};
