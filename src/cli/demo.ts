import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TargetSpec } from '../core/target-spec.js';
import type { Report } from '../core/types.js';
import { targetFailed, targetUndecided } from '../core/summary.js';
import { CHECKS } from '../checks/index.js';
import { assay, type PlannedTarget } from '../engine/run.js';
import { REPORTERS } from '../reporters/index.js';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { DEMO_FAULTS } from '../../examples/flawed-server/faults.js';
import { useColor, writeReports } from './output.js';
import { demoEval } from './demo-eval.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const examples = path.resolve(here, '../../examples');

/** A stdio target for a bundled example, started with this same Node (works from src via tsx and from dist). */
function exampleStdio(name: string, file: string, args: string[] = []): TargetSpec {
  const ext = path.extname(fileURLToPath(import.meta.url));
  return { kind: 'stdio', name, command: process.execPath, args: [...process.execArgv, path.join(examples, `${file}${ext}`), ...args] };
}

/**
 * `mcp-assay demo`: the correct example over both transports must pass; the flawed one must fail, and its failures
 * are the point. Exit 0 when all of that happened as designed.
 */
export async function demoCommand(o: { out: string; color?: boolean }): Promise<number> {
  const desk = await startSupportDeskHttp({ port: 0 });
  const flawed = await startFlawedHttp({ faults: [...DEMO_FAULTS], port: 0 });
  let report: Report;
  try {
    const plan: PlannedTarget[] = [
      { spec: { kind: 'http', name: 'support-desk (http)', url: desk.url } },
      { spec: exampleStdio('support-desk (stdio)', 'support-desk/stdio') },
      { spec: { kind: 'http', name: 'flawed-server (http)', url: flawed.url } },
      { spec: exampleStdio('flawed-server (stdio)', 'flawed-server/stdio', ['--faults', DEMO_FAULTS.join(',')]) },
    ];
    report = await assay(plan, { checks: CHECKS, timeoutMs: 10_000, deadlineMs: 60_000, startupTimeoutMs: 30_000, strict: false, concurrency: 8, allowTools: [], toolArgs: {} });
  } finally {
    await Promise.allSettled([desk.close(), flawed.close()]);
  }
  process.stdout.write(REPORTERS.console.render(report, { color: useColor(process.stdout, o.color) }));
  const written = await writeReports(report, { json: path.join(o.out, 'report.json'), junit: path.join(o.out, 'junit.xml'), md: path.join(o.out, 'report.md'), html: path.join(o.out, 'report.html') });
  process.stdout.write(`\nreports: ${written.join(', ')}\n`);
  const good = report.targets.filter((t) => t.target.name?.startsWith('support-desk'));
  const bad = report.targets.filter((t) => t.target.name?.startsWith('flawed-server'));
  const asDesigned = good.every((t) => !targetFailed(t) && !targetUndecided(t)) && bad.every((t) => targetFailed(t));
  process.stdout.write(
    asDesigned
      ? 'demo: the example server passed over HTTP and stdio; the flawed server failed as designed (see why above).\n'
      : 'demo: something did not go as designed: the example server should pass and the flawed server should fail.\n',
  );
  const evalOk = await demoEval(o);
  return asDesigned && evalOk ? 0 : 1;
}
