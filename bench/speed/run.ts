/**
 * Run-speed bench: start-up, wire validators, a full check over HTTP against its floor and the official conformance
 * suite, a full check over stdio, and snapshot against the MCP Inspector CLI. Paired whole-process runs, medians,
 * ratios taken within each round; prints Markdown tables ready for docs/performance.md.
 *   npm run bench:speed -- [--rounds 5] [--only startup,wire,http,stdio,snapshot]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measure, type Command } from './measure.js';
import { paired, type Case, type PairedResult } from './paired.js';
import { CLI, CONFORMANCE, EVERYTHING, INSPECTOR_CLI, NODE22, REPO, startSupportDeskHttp, SUPPORT_DESK_STDIO } from './servers.js';
import { startsOf, table } from './report.js';
import { stdioTimeline } from './stdio-timeline.js';
import { httpTimeline } from './http-timeline.js';
import { countSuiteChecks } from './suite-count.js';

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : def;
}

const rounds = Number(arg('rounds', '5'));
const only = new Set(arg('only', 'startup,wire,http,stdio,snapshot').split(','));
const scratch = mkdtempSync(path.join(tmpdir(), 'mcp-assay-speed-'));
const node = process.execPath;
const log = (line: string) => console.error(line);
const out: string[] = [`Node ${process.version}, ${rounds} paired rounds, medians; ratios are medians of per-round ratios.`, ''];
const of = (name: string, c: Command): Case => ({ name, run: () => measure(c) });
const cli = (...args: string[]): Command => ({ command: node, args: [CLI, ...args], cwd: REPO, okCodes: [0, 1] });

async function section(title: string, cases: Case[], notes: (r: PairedResult) => string[] = () => []): Promise<void> {
  log(`${title}…`);
  const r = await paired(cases, rounds, log);
  out.push(`### ${title}`, '', ...table(r), '', ...notes(r), '');
}

try {
  if (only.has('startup'))
    await section('Start-up', [
      of('node -e 0', { command: node, args: ['-e', '0'] }),
      of('mcp-assay --version', cli('--version')),
      of('mcp-assay --help', cli('--help')),
    ]);

  if (only.has('wire'))
    await section('Wire validators (both models, all types)', [
      of('generated at build time (load only)', { command: node, args: [path.join(REPO, 'dist/bench/speed/wire-compile.js'), 'precompiled'] }),
      of('compiled at run time (before)', { command: node, args: [path.join(REPO, 'dist/bench/speed/wire-compile.js'), 'runtime'] }),
    ]);

  if (only.has('http')) {
    const server = await startSupportDeskHttp();
    try {
      const report = path.join(scratch, 'http-report.json');
      await measure(cli('check', server.url, '--json', report));
      const results = (JSON.parse(readFileSync(report, 'utf8')) as { targets: { results: unknown[]; wire: { from: string }[] }[] }).targets[0]!;
      const trips = results.wire.filter((w) => w.from === 'harness').length;
      const suiteOut = path.join(scratch, 'suite');
      const suite: Command = {
        command: NODE22,
        args: [CONFORMANCE, 'server', '--url', server.url, '--requirements', '2026-07-28', '-o', suiteOut],
        cwd: scratch,
        okCodes: [0, 1],
      };
      await section(
        'Full check of support-desk over Streamable HTTP',
        [
          of(`floor: the same ${trips} round trips, bare undici, 8 at a time, listen windows held`, {
            command: node,
            args: [path.join(REPO, 'dist/bench/speed/replay.js'), report],
          }),
          of('mcp-assay check', cli('check', server.url)),
          of('official conformance suite (--requirements 2026-07-28)', suite),
        ],
        (r) => {
          const counted = countSuiteChecks(suiteOut);
          const suiteChecks = counted.results;
          const ours = results.results.length;
          const [floor, assay, official] = r.cases;
          return [
            `mcp-assay judges ${ours} checks; the suite's last run emitted ${suiteChecks} check results in ${counted.scenarios} scenarios (${counted.collapsed} once a check id repeated within a scenario counts once).`,
            '',
            '| per check | wall ms | CPU ms |',
            '|---|---:|---:|',
            `| mcp-assay | ${(assay!.wallMs / ours).toFixed(1)} | ${(assay!.cpuMs / ours).toFixed(1)} |`,
            `| conformance suite | ${(official!.wallMs / suiteChecks).toFixed(1)} | ${(official!.cpuMs / suiteChecks).toFixed(1)} |`,
            '',
            `mcp-assay vs floor: ${(assay!.wallMs / floor!.wallMs).toFixed(2)}x wall (medians; goal 1.3x). Suite vs mcp-assay: ${(official!.wallMs / assay!.wallMs).toFixed(2)}x wall (goal 5x).`,
          ];
        },
      );
      // Where one run spends its time, from the CLI's own clock: loading, the probe, the windows, the tail.
      out.push('Timeline of one support-desk run over Streamable HTTP:', '', ...(await httpTimeline(server.url, scratch)));
    } finally {
      await server.stop();
    }
  }

  if (only.has('stdio')) {
    const starts = {
      'support-desk': await startsOf(scratch, [SUPPORT_DESK_STDIO]),
      'server-everything': await startsOf(scratch, [EVERYTHING, 'stdio']),
    };
    await section(
      'Full check over stdio',
      [
        of('node -e 0', { command: node, args: ['-e', '0'] }),
        of('mcp-assay check -- support-desk (dual-era)', cli('check', '--', node, SUPPORT_DESK_STDIO)),
        of('mcp-assay check -- server-everything (2025-era)', cli('check', '--', node, EVERYTHING, 'stdio')),
      ],
      () => [
        `Server processes started by one run: support-desk ${starts['support-desk'].starts}, server-everything ${starts['server-everything'].starts}.`,
        `CPU of those server processes together (one run, counted in the CPU column): support-desk ${starts['support-desk'].cpuMs} ms, server-everything ${starts['server-everything'].cpuMs} ms.`,
      ],
    );
    // Where one support-desk run spends its time: each process's start, first answer and exit, and the windows.
    out.push('Timeline of one support-desk run over stdio:', '', ...(await stdioTimeline(scratch)));
  }

  if (only.has('snapshot')) {
    const env = { MCP_CATALOG_PATH: path.join(scratch, 'inspector-catalog.json') };
    await section('Tool catalogue of server-everything over stdio', [
      of('MCP Inspector CLI --method tools/list', { command: NODE22, args: [INSPECTOR_CLI, node, EVERYTHING, 'stdio', '--method', 'tools/list'], env }),
      of('mcp-assay snapshot', cli('snapshot', '-o', path.join(scratch, 'snapshot.json'), '--', node, EVERYTHING, 'stdio')),
    ]);
  }
  console.log(out.join('\n'));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
