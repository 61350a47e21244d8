/**
 * The desk's lists fit on one page, so it never issues a cursor: any cursor a client sends is invalid and gets
 * -32602 (pagination: invalid cursors SHOULD be rejected). SDK 2.4's list handlers ignore `params.cursor` and serve
 * the first page again, so both transports' guards apply this before or after the SDK.
 */
const LIST_METHODS = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

/** The id of a list request that carries a cursor, or undefined when the message is anything else. */
export function cursorRequestId(message: unknown): string | number | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const m = message as { id?: unknown; method?: unknown; params?: { cursor?: unknown } };
  if (typeof m.method !== 'string' || !LIST_METHODS.has(m.method) || m.params?.cursor === undefined) return undefined;
  return typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
}

export function invalidCursorError(id: string | number): { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string } } {
  return {
    jsonrpc: '2.0',
    id,
    error: { code: -32602, message: 'Invalid params: unknown cursor (this server never issues one; restart the listing without a cursor)' },
  };
}
