/** Content blocks and resource contents (DIGEST §g "Content blocks"; schema.ts ContentBlock). */
import { any, arr, base64, bool, int, lit, obj, ref, str, tagged, uri, type JsonSchema } from './schema-helpers.js';

const meta = ref('MetaObject');
const annotations = ref('Annotations');

export const contentDefs: Record<string, JsonSchema> = {
  TextContent: obj({ type: lit('text'), text: str, annotations, _meta: meta }, ['type', 'text']),
  ImageContent: obj({ type: lit('image'), data: base64, mimeType: str, annotations, _meta: meta }, ['type', 'data', 'mimeType']),
  AudioContent: obj({ type: lit('audio'), data: base64, mimeType: str, annotations, _meta: meta }, ['type', 'data', 'mimeType']),
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
      annotations,
      _meta: meta,
    },
    ['type', 'uri', 'name'],
  ),
  EmbeddedResource: obj({ type: lit('resource'), resource: ref('ResourceContents'), annotations, _meta: meta }, ['type', 'resource']),
  /** The five block kinds a tool result or prompt message may carry. */
  ContentBlock: tagged('type', {
    text: 'TextContent',
    image: 'ImageContent',
    audio: 'AudioContent',
    resource_link: 'ResourceLink',
    resource: 'EmbeddedResource',
  }),

  TextResourceContents: obj({ uri, mimeType: str, text: str, _meta: meta }, ['uri', 'text']),
  BlobResourceContents: obj({ uri, mimeType: str, blob: base64, _meta: meta }, ['uri', 'blob']),
  /** Text or blob: a member `blob` without `text` selects the blob shape. */
  ResourceContents: {
    type: 'object',
    if: { required: ['blob'], not: { required: ['text'] } },
    then: ref('BlobResourceContents'),
    else: ref('TextResourceContents'),
  },

  // Sampling content (deprecated with Sampling, still carried inside MRTR inputRequests, DIGEST §e).
  ToolUseContent: obj({ type: lit('tool_use'), id: str, name: str, input: { type: 'object' }, _meta: meta }, ['type', 'id', 'name', 'input']),
  ToolResultContent: obj({ type: lit('tool_result'), toolUseId: str, content: arr(ref('ContentBlock')), structuredContent: any, isError: bool, _meta: meta }, [
    'type',
    'toolUseId',
    'content',
  ]),
  SamplingMessageContentBlock: tagged('type', {
    text: 'TextContent',
    image: 'ImageContent',
    audio: 'AudioContent',
    tool_use: 'ToolUseContent',
    tool_result: 'ToolResultContent',
  }),
  /** One block or a list of blocks. */
  SamplingContent: {
    if: { type: 'array' },
    then: arr(ref('SamplingMessageContentBlock')),
    else: ref('SamplingMessageContentBlock'),
  },
  SamplingMessage: obj({ role: ref('Role'), content: ref('SamplingContent'), _meta: meta }, ['role', 'content']),
};
