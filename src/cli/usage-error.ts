/** A mistake in how mcp-assay was called: exit 2 with a one-line reason. */
export class UsageError extends Error {
  override name = 'UsageError';
}
