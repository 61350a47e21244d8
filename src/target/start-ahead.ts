/** Whether copies of a stdio server may start together, before the first one has answered. */
import path from 'node:path';
import type { TargetSpec } from '../core/target-spec.js';

/** Launchers that may install the server before starting it: two installs at once would race for one cache. */
const INSTALLING_LAUNCHERS = new Set(['npx', 'pnpx', 'bunx', 'uvx', 'pipx', 'npm', 'pnpm', 'yarn', 'bun', 'deno', 'uv']);

/** A stdio command that starts the server itself; not HTTP (nothing to start), nor an installing launcher. */
export function mayStartAhead(spec: TargetSpec): boolean {
  return (
    spec.kind === 'stdio' &&
    !INSTALLING_LAUNCHERS.has(
      path
        .basename(spec.command)
        .replace(/\.(cmd|exe)$/i, '')
        .toLowerCase(),
    )
  );
}
