/**
 * The slice of the 2025-11-25 wire that the 2025-era checks judge: the initialize handshake, tools, ping and the
 * JSON-RPC envelopes. Written from the 2025-11-25 schema's facts; open objects throughout, as there.
 */
import { any, arr, base64, bool, int, lit, mapOf, obj, oneOfStrings, ref, str, strings, tagged, uri, type JsonSchema } from '../wire/schema-helpers.js';
import type { WireDocument } from '../wire/ajv-setup.js';

const jsonrpc = lit('2.0');
const meta: JsonSchema = { type: 'object' };
const open: JsonSchema = { type: 'object' };
/** 2025-11-25 schemas for tool input and output: a JSON object whose root says `type: "object"`. */
const objectSchema = obj({ $schema: str, type: lit('object'), properties: mapOf(open), required: strings }, ['type']);

export const legacyDefs: Record<string, JsonSchema> = {
  RequestId: { type: ['string', 'integer'] },
  Role: oneOfStrings('user', 'assistant'),
  Icon: obj({ src: uri, mimeType: str, sizes: strings, theme: oneOfStrings('light', 'dark') }, ['src']),
  Implementation: obj({ name: str, title: str, version: str, description: str, websiteUrl: uri, icons: arr(ref('Icon')) }, ['name', 'version']),
  Annotations: obj({ audience: arr(ref('Role')), priority: { type: 'number', minimum: 0, maximum: 1 }, lastModified: str }),

  // Capabilities are exchanged once, in initialize (2025-11-25 basic/lifecycle).
  ServerCapabilities: obj({
    experimental: mapOf(open),
    logging: open,
    completions: open,
    prompts: obj({ listChanged: bool }),
    resources: obj({ subscribe: bool, listChanged: bool }),
    tools: obj({ listChanged: bool }),
    tasks: obj({ cancel: open, list: open, requests: obj({ tools: obj({ call: open }) }) }),
  }),
  InitializeResult: obj({ _meta: meta, protocolVersion: str, capabilities: ref('ServerCapabilities'), serverInfo: ref('Implementation'), instructions: str }, [
    'protocolVersion',
    'capabilities',
    'serverInfo',
  ]),
  /** ping and the other acknowledgements: any object; the prose asks for an empty one. */
  EmptyResult: obj({ _meta: meta }),

  ToolAnnotations: obj({ title: str, readOnlyHint: bool, destructiveHint: bool, idempotentHint: bool, openWorldHint: bool }),
  ToolExecution: obj({ taskSupport: oneOfStrings('forbidden', 'optional', 'required') }),
  Tool: obj(
    {
      _meta: meta,
      name: str,
      title: str,
      description: str,
      icons: arr(ref('Icon')),
      inputSchema: objectSchema,
      outputSchema: objectSchema,
      annotations: ref('ToolAnnotations'),
      execution: ref('ToolExecution'),
    },
    ['name', 'inputSchema'],
  ),
  ListToolsResult: obj({ _meta: meta, tools: arr(ref('Tool')), nextCursor: str }, ['tools']),
  // structuredContent is an object in 2025-11-25 (any JSON value only from 2026-07-28).
  CallToolResult: obj({ _meta: meta, content: arr(ref('ContentBlock')), structuredContent: open, isError: bool }, ['content']),

  TextContent: obj({ type: lit('text'), text: str, annotations: ref('Annotations'), _meta: meta }, ['type', 'text']),
  ImageContent: obj({ type: lit('image'), data: base64, mimeType: str, annotations: ref('Annotations'), _meta: meta }, ['type', 'data', 'mimeType']),
  AudioContent: obj({ type: lit('audio'), data: base64, mimeType: str, annotations: ref('Annotations'), _meta: meta }, ['type', 'data', 'mimeType']),
  ResourceLink: obj(
    {
      type: lit('resource_link'),
      uri,
      name: str,
      title: str,
      description: str,
      mimeType: str,
      size: int,
      icons: arr(ref('Icon')),
      annotations: ref('Annotations'),
      _meta: meta,
    },
    ['type', 'uri', 'name'],
  ),
  EmbeddedResource: obj({ type: lit('resource'), resource: ref('ResourceContents'), annotations: ref('Annotations'), _meta: meta }, ['type', 'resource']),
  ContentBlock: tagged('type', {
    text: 'TextContent',
    image: 'ImageContent',
    audio: 'AudioContent',
    resource_link: 'ResourceLink',
    resource: 'EmbeddedResource',
  }),
  TextResourceContents: obj({ uri, mimeType: str, text: str, _meta: meta }, ['uri', 'text']),
  BlobResourceContents: obj({ uri, mimeType: str, blob: base64, _meta: meta }, ['uri', 'blob']),
  /** Text or blob: `blob` without `text` selects the blob shape. */
  ResourceContents: {
    type: 'object',
    if: { required: ['blob'], not: { required: ['text'] } },
    then: ref('BlobResourceContents'),
    else: ref('TextResourceContents'),
  },

  // Envelopes: an error response may leave out `id` (validators read `id: null` as absent: JSON-RPC 2.0's unreadable id).
  JSONRPCRequest: obj({ jsonrpc, id: ref('RequestId'), method: str, params: open }, ['jsonrpc', 'id', 'method']),
  JSONRPCNotification: obj({ jsonrpc, method: str, params: open }, ['jsonrpc', 'method']),
  JSONRPCResultResponse: obj({ jsonrpc, id: ref('RequestId'), result: open }, ['jsonrpc', 'id', 'result']),
  JSONRPCErrorResponse: obj({ jsonrpc, id: ref('RequestId'), error: ref('Error') }, ['jsonrpc', 'error']),
  Error: obj({ code: int, message: str, data: any }, ['code', 'message']),
};

/** Result type of each 2025-era request the checks send. */
export const LEGACY_RESULT_TYPES: Readonly<Record<string, string>> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
};

/** A URN, so nothing ever looks like a fetchable address. */
export const LEGACY_SCHEMA_ID = 'urn:mcp-assay:wire:2025-11-25';
export const LEGACY_TYPE_NAMES: readonly string[] = Object.keys(legacyDefs).sort();

/** The model as one document, as the build step and the validators see it. */
export const legacyDocument = (): WireDocument => ({
  id: LEGACY_SCHEMA_ID,
  schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: LEGACY_SCHEMA_ID, $defs: legacyDefs },
  typeNames: LEGACY_TYPE_NAMES,
});
