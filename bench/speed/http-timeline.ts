/**
 * The timeline of one `check` of support-desk over Streamable HTTP, from the CLI's own clock (ms since its process
 * started) with the CPU it had used by then: when Node is up, when the first request goes out, when the probe is
 * answered, when the listen windows are acknowledged and end, what runs after them, the last answer, the report and
 * the exit. A preloaded module logs the process's own events; the rest comes from the run's wire record, placed on
 * the same clock by its first request. `--modules` also logs when each bundle chunk is loaded (a loader hook on a
 * thread of its own, which costs some start-up itself). Alone (`--cli` another build's bundle, to compare):
 *   node dist/bench/speed/http-timeline.js [--rounds 3] [--cli path/to/main.js] [--base other/main.js] [--brief] [--modules]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI, REPO, startSupportDeskHttp } from './servers.js';

const WINDOW_PHASES = ['subscriptions/notifications-tagged', 'subscriptions/filter-honoured'];

/** Preloaded into the CLI: Node up, first request created (undici's diagnostics channel), first stdout write, exit. */
const tracer = (log: string, modules: boolean) =>
  [
    `import dc from 'node:diagnostics_channel'; import { appendFileSync } from 'node:fs'; import { register } from 'node:module';`,
    `const now = () => performance.now().toFixed(1) + ' ' + Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000);`,
    `const put = (s) => appendFileSync(${JSON.stringify(log)}, s + '\\n');`,
    `put('origin ' + performance.timeOrigin.toFixed(1)); put('up ' + now());`,
    `let first = true, listen = true; dc.subscribe('undici:request:create', ({ request }) => {`,
    `  if (first) { first = false; put('request ' + now()); }`,
    `  if (listen && String(request.body ?? '').includes('"subscriptions/listen"')) { listen = false; put('listen ' + now()); } });`,
    `const write = process.stdout.write; let seen = false;`,
    `process.stdout.write = function (...a) { if (!seen) { seen = true; put('report ' + now()); } return write.apply(this, a); };`,
    `process.on('exit', () => put('exit ' + now()));`,
    modules ? `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks(log))}));` : '',
  ].join(' ');

/** Loader hooks (their own thread): when each bundle file is asked for, on the epoch clock. */
const hooks = (log: string) =>
  [
    `import { appendFileSync } from 'node:fs';`,
    `export async function load(url, context, next) { if (url.includes('/bundle/')) appendFileSync(${JSON.stringify(log)}, 'load ' + (performance.timeOrigin + performance.now()).toFixed(1) + ' ' + url.split('/').pop() + '\\n'); return next(url, context); }`,
  ].join(' ');

interface Wire {
  atMs: number;
  from: string;
  phase: string;
  body?: { method?: string };
}

let traced = 0;

/** One traced run against `url` in `dir` (kept there): its timeline as Markdown lines. */
export async function httpTimeline(url: string, dir: string, i = 0, cliPath = CLI, modules = false, brief = false): Promise<string[]> {
  const n = ++traced;
  const log = path.join(dir, `trace-${n}.log`);
  const report = path.join(dir, `report-${n}.json`);
  const t0 = Date.now();
  await new Promise<void>((resolve, reject) => {
    const args = [
      ...(process.env.TIMELINE_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      `data:text/javascript,${encodeURIComponent(tracer(log, modules))}`,
      cliPath,
      'check',
      url,
      '--json',
      report,
    ];
    const child = spawn(process.execPath, args, { cwd: REPO, stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', () => resolve());
  });
  const wall = Date.now() - t0;
  const ev = new Map<string, { at: number; cpu: number }>();
  let origin = 0;
  const loads: string[] = [];
  for (const line of readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
    const [kind, at, cpu] = line.split(' ');
    if (kind === 'origin') origin = Number(at);
    else if (kind === 'load') loads.push(`${(Number(at) - origin).toFixed(0)} ${line.split(' ')[2]}`);
    else if (!ev.has(kind!)) ev.set(kind!, { at: Number(at), cpu: Number(cpu) });
  }
  const wire = (JSON.parse(readFileSync(report, 'utf8')) as { targets: { wire: Wire[] }[] }).targets[0]!.wire;
  // The wire record's clock starts with the run's recorder: aligned by the first request.
  const offset = (ev.get('request')?.at ?? 0) - (wire[0]?.atMs ?? 0);
  const at = (w: Wire | undefined) => (w ? Math.round(w.atMs + offset) : '-');
  const rows: [string, string | number, string | number][] = [];
  const own = (kind: string, label: string) => rows.push([label, Math.round(ev.get(kind)?.at ?? NaN), ev.get(kind)?.cpu ?? '-']);
  own('up', 'Node up (preload runs)');
  own('request', 'first request sent (server/discover)');
  rows.push(['probe answered', at(wire.find((w) => w.phase === 'probe' && w.from === 'server')), '']);
  for (const phase of WINDOW_PHASES) {
    const mine = wire.filter((w) => w.phase === phase);
    rows.push([`${phase}: listen sent`, at(mine.find((w) => w.from === 'harness')), '']);
    rows.push([`${phase}: acknowledged (its window opens)`, at(mine.find((w) => w.from === 'server')), '']);
  }
  // A window lasts 1 s from its acknowledgement; its stream's end is not a message.
  const windowsEnd = Math.max(...WINDOW_PHASES.map((p) => (wire.find((w) => w.phase === p && w.from === 'server')?.atMs ?? 0) + 1000));
  rows.push(['both windows over (last acknowledgement + 1 s)', Math.round(windowsEnd + offset), '']);
  // Whatever sends its first request after the windows ended runs in the tail.
  const phases = [...new Set(wire.map((w) => w.phase))];
  for (const phase of phases) {
    const mine = wire.filter((w) => w.phase === phase);
    if (mine[0]!.atMs > windowsEnd) rows.push([`after the windows: ${phase} (first, last entry)`, `${at(mine[0])}, ${at(mine.at(-1))}`, '']);
  }
  const before = wire.filter((w) => w.atMs <= windowsEnd && !WINDOW_PHASES.includes(w.phase));
  rows.push(['last entry of the other checks before the windows ended', at(before.at(-1)), '']);
  rows.push(['last wire entry', at(wire.at(-1)), '']);
  own('report', 'report begins (first stdout write)');
  own('exit', 'exit event');
  if (brief) {
    const pick = (label: string) => rows.find((r) => r[0].startsWith(label))?.[1];
    return [
      `run ${i + 1}: wall ${wall}; up ${pick('Node up')}; first request ${pick('first request')}; probe read ${pick('probe answered')}; ` +
        `listens ${at(wire.find((w) => w.body?.method === 'subscriptions/listen'))} (CPU ${ev.get('listen')?.cpu ?? '-'}); windows over ${pick('both windows')}; ` +
        `last answer ${pick('last wire entry')}; report ${pick('report')}; exit ${pick('exit')} (CPU ${ev.get('exit')?.cpu ?? '-'})`,
    ];
  }
  return [
    `run ${i + 1}: ${wall} ms wall from the bench's spawn; ${wire.length} wire entries`,
    '',
    '| event | ms from the CLI process start | CPU ms by then |',
    '|---|---:|---:|',
    ...rows.map(([a, b, c]) => `| ${a} | ${b} | ${c} |`),
    '',
    ...(loads.length ? ['bundle files asked for (ms from process start):', '', ...loads.map((l) => `- ${l}`), ''] : []),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 1) || 1;
  const cli = process.argv.includes('--cli') ? path.resolve(process.argv[process.argv.indexOf('--cli') + 1]!) : CLI;
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-assay-http-timeline-'));
  const server = await startSupportDeskHttp();
  try {
    // One untimed run first: the server's own first answers (its JIT warming) are not ours.
    await httpTimeline(server.url, dir, rounds, cli);
    // With --base, rounds alternate between that build's bundle and this one (paired, same server, same load).
    const base = process.argv.includes('--base') ? path.resolve(process.argv[process.argv.indexOf('--base') + 1]!) : undefined;
    const brief = process.argv.includes('--brief');
    for (let i = 0; i < rounds; i++)
      for (const [label, c] of base ? [['base', base] as const, ['this', cli] as const] : [['', cli] as const])
        console.log(`${label ? `${label} ` : ''}${(await httpTimeline(server.url, dir, i, c, process.argv.includes('--modules'), brief)).join('\n')}`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
