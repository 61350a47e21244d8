import type { ChildProcess } from 'node:child_process';
import type { ProcessTree } from './process-tree.js';

/**
 * Every child we spawn runs in its own process group, so `npx`-style launchers and their grandchildren die together.
 * If our process exits without closing them (a crash, an uncaught signal), they are killed here: never leak a child.
 */
const live = new Set<ChildProcess>();
/** Trees of servers not yet closed: their escaped descendants outlive the server process itself. */
const trees = new Set<ProcessTree>();
/** Processes that could not be ended, for the report of the target being run. */
const unended: string[] = [];
let hooked = false;

export function trackChild(child: ChildProcess, tree?: ProcessTree): void {
  live.add(child);
  if (tree) trees.add(tree);
  child.once('exit', () => live.delete(child));
  if (!hooked) {
    hooked = true;
    process.once('exit', killAllNow);
  }
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** A closed server's tree: forgotten, with whatever of it survived noted for the report. */
export function releaseTree(tree: ProcessTree, survivors: string[]): void {
  trees.delete(tree);
  unended.push(...survivors);
}

/** Processes that could not be ended since the last call (`pid (name)`). */
export function takeUnended(): string[] {
  return unended.splice(0);
}

export function killAllNow(): void {
  for (const c of live) killGroup(c, 'SIGKILL');
  for (const t of trees) t.signal('SIGKILL');
  live.clear();
  trees.clear();
}
