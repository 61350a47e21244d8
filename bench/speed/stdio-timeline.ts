/**
 * The timeline of one `check` of a stdio server (support-desk unless told), from outside: when the CLI and each server process start,
 * when each process is first written to and first answers, when the listen windows open and close, when the run ends,
 * and the CPU of each process. Server processes are traced by a preloaded module (its own clock: epoch milliseconds);
 * the windows come from the run's wire record, placed on the same clock by the run's own process's first request.
 * `npm run bench:speed -- --only stdio` prints one after its table; alone (`--cli` another build's bundle, to compare):
 *   node dist/bench/speed/stdio-timeline.js [--rounds 3] [--cli path/to/main.js] [--server flawed-server]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI, FLAWED_STDIO, REPO, SUPPORT_DESK_STDIO } from './servers.js';

const WINDOW_PHASES = ['subscriptions/notifications-tagged', 'subscriptions/filter-honoured'];

/** The servers a timeline can be taken of: the script and its arguments, started with `node`. */
const SERVERS: Record<string, string[]> = {
  'support-desk': [SUPPORT_DESK_STDIO],
  // A hand-written server that starts quickly and has no listen windows (no subscriptions).
  'flawed-server': [FLAWED_STDIO, '--faults', 'none'],
};

/** Preloaded into every traced process: start (its time origin), first stdin byte read, first stdout write, exit and CPU. */
const tracer = (log: string) =>
  [
    `import { appendFileSync } from 'node:fs';`,
    `const now = () => (performance.timeOrigin + performance.now()).toFixed(1) + ' ' + Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000);`,
    `const put = (s) => appendFileSync(${JSON.stringify(log)}, process.pid + ' ' + s + '\\n');`,
    `put('start ' + performance.timeOrigin.toFixed(1));`,
    `let inSeen = false, outSeen = false;`,
    `const emit = process.stdin.emit;`,
    `process.stdin.emit = function (ev, ...a) { if (ev === 'data' && !inSeen) { inSeen = true; put('read ' + now()); } return emit.call(this, ev, ...a); };`,
    `const write = process.stdout.write;`,
    `process.stdout.write = function (...a) { if (!outSeen) { outSeen = true; put('answer ' + now()); } return write.apply(this, a); };`,
    `process.on('exit', () => { const u = process.cpuUsage(); put('exit ' + now() + ' ' + Math.round((u.user + u.system) / 1000)); });`,
  ].join(' ');

/** Preloaded into the CLI only: when it spawns each child and first writes to it (and what), on the same clock. */
const spawnTracer = (log: string) =>
  [
    `import cp from 'node:child_process'; import { syncBuiltinESMExports } from 'node:module'; import { appendFileSync } from 'node:fs';`,
    `const now = () => (performance.timeOrigin + performance.now()).toFixed(1) + ' ' + Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000);`,
    `const put = (s) => appendFileSync(${JSON.stringify(log)}, process.pid + ' ' + s + '\\n');`,
    `const spawn = cp.spawn;`,
    `cp.spawn = function (...a) { const t = now(); const c = spawn.apply(this, a); put('spawn ' + t + ' ' + c.pid);`,
    `  const w = c.stdin.write; let seen = false;`,
    `  c.stdin.write = function (chunk, ...r) { if (!seen) { seen = true; put('write ' + now() + ' ' + c.pid + ' ' + String(chunk).slice(0, 200).replace(/\\s+/g, ' ')); } return w.call(this, chunk, ...r); };`,
    `  return c; };`,
    `syncBuiltinESMExports();`,
  ].join(' ');

/** Each event: its time (epoch ms) and the CPU (ms) of the process that logged it by then. */
interface At {
  at: number;
  cpu: number;
}

interface Proc {
  pid: string;
  spawn?: At;
  start?: number;
  written?: At;
  firstMessage?: string;
  read?: At;
  answer?: At;
  exit?: At;
}

interface Wire {
  atMs: number;
  from: string;
  phase: string;
  body?: { method?: string };
}

/** One traced run in `dir` (kept there): its timeline as Markdown lines. */
export async function stdioTimeline(dir: string, i = 0, cliPath = CLI, server = 'support-desk'): Promise<string[]> {
  const log = path.join(dir, `trace-${i}.log`);
  const report = path.join(dir, `report-${i}.json`);
  const flag = ['--import', `data:text/javascript,${encodeURIComponent(tracer(log))}`];
  const cliFlag = ['--import', `data:text/javascript,${encodeURIComponent(spawnTracer(log))}`];
  const script = SERVERS[server];
  if (!script) throw new Error(`no server ${server}; one of ${Object.keys(SERVERS).join(', ')}`);
  const t0 = Date.now();
  await new Promise<void>((resolve, reject) => {
    const args = [...flag, ...cliFlag, cliPath, 'check', '--json', report, '--', process.execPath, ...flag, ...script];
    const child = spawn(process.execPath, args, { cwd: REPO, stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', () => resolve());
  });
  const wall = Date.now() - t0;
  const procs = new Map<string, Proc>();
  const of = (pid: string) => procs.get(pid) ?? procs.set(pid, { pid }).get(pid)!;
  let cliPid = '';
  for (const line of readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
    const [pid, kind, at, cpu, ...rest] = line.split(' ');
    const when = { at: Number(at), cpu: Number(cpu) };
    if (!cliPid) cliPid = pid!;
    if (kind === 'start') of(pid!).start = Number(at);
    else if (kind === 'spawn') of(rest[0]!).spawn = when;
    else if (kind === 'write') Object.assign(of(rest[0]!), { written: when, firstMessage: rest.slice(1).join(' ') });
    else if (kind === 'read' || kind === 'answer' || kind === 'exit') of(pid!)[kind] = when;
  }
  const cli = procs.get(cliPid)!;
  const servers = [...procs.values()].filter((p) => p !== cli).sort((a, b) => (a.spawn?.at ?? 0) - (b.spawn?.at ?? 0));
  const rel = (x: number | undefined) => (x === undefined ? '-' : `${Math.round(x - cli.start!)}`);
  // A time, and in brackets the CPU the logging process had used by then.
  const ev = (x: At | undefined) => (x === undefined ? '-' : `${rel(x.at)} (${x.cpu})`);
  const wire = (JSON.parse(readFileSync(report, 'utf8')) as { targets: { wire: Wire[]; durationMs: number }[] }).targets[0]!.wire;
  // The wire record's clock starts with the run's recorder: aligned by the probe's write to the run's own process.
  const probe = wire.find((w) => w.from === 'harness' && w.phase === 'probe');
  const own = servers.find((s) => s.firstMessage?.includes('"server/discover"'));
  const offset = probe && own?.written !== undefined ? own.written.at - probe.atMs : undefined;
  const at = (w: Wire | undefined) => (offset === undefined || !w ? '-' : rel(w.atMs + offset));
  const windows = WINDOW_PHASES.map((phase) => {
    const mine = wire.filter((w) => w.phase === phase);
    return `${phase}: listen sent ${at(mine.find((w) => w.from === 'harness' && w.body?.method === 'subscriptions/listen'))}, last entry ${at(mine.at(-1))}`;
  });
  const role = (p: Proc) =>
    p === own
      ? "run's own"
      : (p.firstMessage?.match(/"method":"([^"]+)"/)?.[1] ?? 'never written') + (p.firstMessage?.includes('"protocolVersion":"2025') ? ' 2025' : '');
  return [
    `run ${i + 1}: ${wall} ms wall from the bench's spawn; ms from the CLI's start, and (CPU ms the process had used by then)`,
    '',
    `| process | spawned by mcp-assay | started | first written by mcp-assay | first read | first answer | exit |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
    `| mcp-assay | | 0 | | | | ${ev(cli.exit)} |`,
    ...servers.map((p) => `| ${role(p)} | ${ev(p.spawn)} | ${rel(p.start)} | ${ev(p.written)} | ${ev(p.read)} | ${ev(p.answer)} | ${ev(p.exit)} |`),
    '',
    ...windows.map((w) => `- ${w}`),
    `- last wire entry ${at(wire.at(-1))}; server CPU ${servers.reduce((s, p) => s + (p.exit?.cpu ?? 0), 0)} ms in ${servers.length} processes`,
    '',
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 1) || 1;
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-assay-timeline-'));
  try {
    const cli = process.argv.includes('--cli') ? path.resolve(process.argv[process.argv.indexOf('--cli') + 1]!) : CLI;
    const server = process.argv.includes('--server') ? process.argv[process.argv.indexOf('--server') + 1]! : 'support-desk';
    for (let i = 0; i < rounds; i++) console.log((await stdioTimeline(dir, i, cli, server)).join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
