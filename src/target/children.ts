import type { ChildProcess } from 'node:child_process';

/**
 * Every child we spawn runs in its own process group, so `npx`-style launchers and their grandchildren die together.
 * If our process exits without closing them (a crash, an uncaught signal), they are killed here: never leak a child.
 */
const live = new Set<ChildProcess>();
let hooked = false;

export function trackChild(child: ChildProcess): void {
  live.add(child);
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

export function killAllNow(): void {
  for (const c of live) killGroup(c, 'SIGKILL');
  live.clear();
}

export function liveChildren(): number {
  return live.size;
}
