import path from 'node:path';
import {
  assay,
  CHECKS,
  demoFaults,
  exampleStdio,
  loadReporter,
  startFlawed,
  startSupportDesk,
  targetFailed,
  targetUndecided,
  type PlannedTarget,
  type Report,
} from '../index.js';
import { useColor, writeReports } from './output.js';
import { demoEval } from './demo-eval.js';

/**
 * `mcp-assay demo`: the correct example over both transports must pass; the flawed one must fail, and its failures
 * are the point. Exit 0 when all of that happened as designed.
 */
export async function demoCommand(o: { out: string; color?: boolean }): Promise<number> {
  const faults = await demoFaults();
  const desk = await startSupportDesk();
  const flawed = await startFlawed(faults);
  let report: Report;
  try {
    const plan: PlannedTarget[] = [
      { spec: { kind: 'http', name: 'support-desk (http)', url: desk.url } },
      { spec: exampleStdio('support-desk (stdio)', 'support-desk/stdio') },
      { spec: { kind: 'http', name: 'flawed-server (http)', url: flawed.url } },
      { spec: exampleStdio('flawed-server (stdio)', 'flawed-server/stdio', ['--faults', faults.join(',')]) },
    ];
    report = await assay(plan, {
      checks: CHECKS,
      timeoutMs: 10_000,
      deadlineMs: 60_000,
      startupTimeoutMs: 30_000,
      strict: false,
      concurrency: 8,
      allowTools: [],
      toolArgs: {},
    });
  } finally {
    await Promise.allSettled([desk.close(), flawed.close()]);
  }
  process.stdout.write((await loadReporter('console')).render(report, { color: useColor(process.stdout, o.color) }));
  const written = await writeReports(report, {
    json: path.join(o.out, 'report.json'),
    junit: path.join(o.out, 'junit.xml'),
    md: path.join(o.out, 'report.md'),
    html: path.join(o.out, 'report.html'),
  });
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
