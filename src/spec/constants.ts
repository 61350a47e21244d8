/** Protocol revisions and wire constants (DIGEST §a–§d). */
export const MODERN_VERSION = '2026-07-28';
export const LEGACY_VERSION = '2025-11-25';
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

export const HEADER = {
  protocolVersion: 'MCP-Protocol-Version',
  method: 'Mcp-Method',
  name: 'Mcp-Name',
  sessionId: 'Mcp-Session-Id',
  paramPrefix: 'Mcp-Param-',
} as const;

export const ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  headerMismatch: -32020,
  missingClientCapability: -32021,
  unsupportedVersion: -32022,
  /** Retired: resource not found before 2026-07-28. */
  legacyResourceNotFound: -32002,
  /** Retired: URL elicitation required (2025-11-25 only). */
  legacyUrlElicitation: -32042,
} as const;

/** Codes that by themselves say "this server speaks the modern wire" (DIGEST §k). */
export const MODERN_ERROR_CODES: readonly number[] = [ERROR.headerMismatch, ERROR.missingClientCapability, ERROR.unsupportedVersion];

export const RESULT_TYPES = ['complete', 'input_required'] as const;
/** Added by the Tasks extension when the server advertises it. */
export const EXTENSION_RESULT_TYPES: Record<string, string[]> = { 'io.modelcontextprotocol/tasks': ['task'] };
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Methods whose `complete` result is a CacheableResult (DIGEST §d). */
export const CACHEABLE_METHODS = ['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read'] as const;

/** Methods that may answer `input_required` (MRTR, DIGEST §e). */
export const MRTR_METHODS = ['tools/call', 'prompts/get', 'resources/read'] as const;

/** Methods that carry `Mcp-Name`, and the param it mirrors. */
export const NAME_HEADER_PARAM: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};
