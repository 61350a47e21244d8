/**
 * How an internal error (a bug in mcp-assay, not a server fault) is shown: one line with a pointer to `--debug`,
 * or the full stack when `--debug` is on. A stack trace in a CI log or report helps nobody but a developer.
 */
let debugOn = false;

export function setDebug(on: boolean): void {
  debugOn = on;
}

export function describeInternalError(e: unknown): string {
  if (debugOn && e instanceof Error && e.stack) return e.stack;
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  const line = text.replace(/\s*\n\s*/g, ' ').slice(0, 300);
  return debugOn ? line : `${line} (run with --debug for the stack trace)`;
}
