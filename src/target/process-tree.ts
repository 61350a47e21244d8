/**
 * A stdio server's whole process tree, on Linux. A child that calls `setsid` leaves our process group, so killing the
 * group misses it; and once its parent exits it is re-parented away from the tree. Every server we spawn carries an
 * environment marker its descendants inherit, so they are found in /proc even then, along with everything whose
 * parent is in the tree. Elsewhere (no /proc) only the process group is ended.
 */
import { readdirSync, readFileSync } from 'node:fs';

export const TREE_MARKER_ENV = 'MCP_ASSAY_TREE';
const hasProc =
  process.platform === 'linux' &&
  (() => {
    try {
      readdirSync('/proc/self');
      return true;
    } catch {
      return false;
    }
  })();

interface ProcInfo {
  pid: number;
  ppid: number;
  /** Start time in clock ticks: a pid reused by an unrelated process has another. */
  start: string;
  state: string;
  comm: string;
}

function stat(pid: number): ProcInfo | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may hold spaces and parentheses: the fields after it follow the last ')'.
    const close = s.lastIndexOf(')');
    const f = s.slice(close + 2).split(' ');
    return { pid, comm: s.slice(s.indexOf('(') + 1, close), state: f[0] ?? '?', ppid: Number(f[1]), start: f[19] ?? '' };
  } catch {
    return undefined;
  }
}

function hasMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker);
  } catch {
    return false;
  }
}

function allPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
  } catch {
    return [];
  }
}

/** Trees made by this process: with our pid, the start of a marker no other tree on the machine has. */
let trees = 0;

/** One spawned server's tree: its marker, and every descendant seen so far (pid with start time). */
export class ProcessTree {
  /**
   * Unique, not secret (a server's descendants carry it anyway). Made without node:crypto, whose loading (about 10 ms,
   * more on a loaded machine) would delay the head start's spawn (target/head-start.ts) and nothing else needs yet.
   */
  readonly marker = `${TREE_MARKER_ENV}=${process.pid}-${++trees}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  private readonly known = new Map<number, string>();
  private root: number | undefined;
  /** The root's start time: a process started before it cannot descend from it, so its environment is not read. */
  private rootStart: number | undefined;

  get env(): Record<string, string> {
    const [k, v] = this.marker.split('=') as [string, string];
    return { [k]: v };
  }

  setRoot(pid: number | undefined): void {
    this.root = pid;
    const start = hasProc && pid !== undefined ? Number(stat(pid)?.start) : NaN;
    this.rootStart = Number.isFinite(start) ? start : undefined;
  }

  /** Looks for descendants now: one pass over /proc (milliseconds, more on a loaded machine), so only when closing. */
  scan(): ProcInfo[] {
    if (!hasProc) return [];
    const infos = allPids()
      .map(stat)
      .filter((p): p is ProcInfo => p !== undefined && p.pid !== process.pid);
    const inTree = new Set<number>();
    for (const p of infos) {
      const seen = this.known.get(p.pid);
      const older = this.rootStart !== undefined && Number(p.start) < this.rootStart;
      if ((seen !== undefined && seen === p.start) || p.pid === this.root || (!older && hasMarker(p.pid, this.marker))) inTree.add(p.pid);
    }
    // Parent links: children of anything in the tree, to a fixed point.
    for (let grew = true; grew;) {
      grew = false;
      for (const p of infos)
        if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
          inTree.add(p.pid);
          grew = true;
        }
    }
    const out = infos.filter((p) => inTree.has(p.pid) && p.state !== 'Z' && p.state !== 'X');
    for (const p of out) this.known.set(p.pid, p.start);
    return out;
  }

  /** Sends `signal` to every live member; returns those signalled. */
  signal(sig: NodeJS.Signals): ProcInfo[] {
    const members = this.scan();
    for (const p of members) {
      try {
        process.kill(p.pid, sig);
      } catch {
        /* already gone */
      }
    }
    return members;
  }

  /** Members still alive, as `pid (name)` for the report. */
  survivors(): string[] {
    return this.scan().map((p) => `${p.pid} (${p.comm})`);
  }
}
